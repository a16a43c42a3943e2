import { badRequest } from '../request/errors.ts';

// user_metadata travels in every access token the account is given (the
// `user_metadata` claim) and in every answer of GET /user. Unbounded, one
// account could grow it to megabytes by repeated updates, and every token
// then carries it (docs/security-bounds.md: a 12 MB token, 600 MB of server memory
// for a dozen GET /user). GoTrue has no such bound. 16 KiB holds any profile
// an app keeps, names and settings, many times over.

export const MAX_USER_METADATA_BYTES = 16 * 1024;

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
