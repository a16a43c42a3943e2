import { badRequest } from '../request/errors.ts';

// user_metadata travels in every access token the account is given (the
// `user_metadata` claim) and in every answer of GET /user. Unbounded, one
// account could grow it to megabytes, and every token then carries it. The
// token rides in a header, and Node refuses a request whose headers pass
// 16 KiB in all with 431, before any route runs: at the old bound of 16 KiB
// a token of 20 KB made every request of the account fail, the one that would
// shrink the metadata included. So the bound leaves the token well inside:
// 4 KiB of JSON is under 5.5 KiB once base64url-encoded, and the other claims
// (address, amr, app_metadata) and headers add about 2 KiB (ADR 065). GoTrue
// has no bound. 4 KiB holds any profile an app keeps, a name and settings,
// many times over.

export const MAX_USER_METADATA_BYTES = 4 * 1024;

/** The size a metadata object takes as the JSON the database and the token hold. */
export function metadataBytes(data: unknown): number {
  return Buffer.byteLength(JSON.stringify(data ?? {}), 'utf8');
}

/** Refuses metadata larger than the bound with GoTrue's validation error. */
export function assertMetadataFits(bytes: number): void {
  if (bytes <= MAX_USER_METADATA_BYTES) return;
  throw badRequest(
    'validation_failed',
    `User metadata may be at most ${MAX_USER_METADATA_BYTES / 1024} KiB of JSON; this would be ${Math.ceil(bytes / 1024)} KiB.`,
  );
}

/**
 * The metadata a token carries: all of it, unless it was stored before the
 * bound was lowered and is larger; then none, so that the token still fits
 * the headers. GET /user and the session's `user` still give all of it.
 */
export function metadataForToken(metadata: Record<string, unknown>): Record<string, unknown> {
  return metadataBytes(metadata) <= MAX_USER_METADATA_BYTES ? metadata : {};
}
