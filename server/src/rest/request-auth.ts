import type { IncomingHttpHeaders } from 'node:http';
import { JwtError, type JwtKeys } from '../jwt.ts';
import { DataApiError } from './errors.ts';
import { DataErrorCode, sqlState } from './error-codes.ts';

/** The only roles a data request may run as; anything else never reaches SET ROLE. */
export type DataRole = 'anon' | 'authenticated';

export interface RequestAuth {
  role: DataRole;
  claims: Record<string, unknown>;
}

// PostgREST allows this much clock skew before calling a token "issued in the future".
const CLOCK_SKEW_SECONDS = 30;

function tokenError(
  code: (typeof DataErrorCode)['invalidJwt' | 'jwtClaimsRejected'],
  message: string,
  details?: string,
): DataApiError {
  return new DataApiError(401, code, message, {
    details: details ?? null,
    headers: {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  });
}

/** `Authorization: Bearer <token>`; another scheme counts as no token, as in PostgREST. */
function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const space = header.search(/\s/);
  const scheme = space === -1 ? header : header.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return undefined;
  return space === -1 ? '' : header.slice(space).trim();
}

function decodeSegment(segment: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The role and claims one data request runs with: from the bearer token if
 * there is one, else from the project key (the anon key). The signature is
 * checked with the pinned algorithm; the messages are PostgREST's.
 */
export async function authenticateDataRequest(
  headers: IncomingHttpHeaders,
  apiKey: string | undefined,
  keys: JwtKeys,
): Promise<RequestAuth> {
  const token = bearerToken(headers) ?? apiKey ?? '';
  if (token === '')
    throw tokenError(DataErrorCode.invalidJwt, 'Empty JWT is sent in Authorization header');
  const parts = token.split('.');
  if (parts.length !== 3) {
    throw tokenError(DataErrorCode.invalidJwt, `Expected 3 parts in JWT; got ${parts.length}`);
  }
  const header = decodeSegment(parts[0]);
  if (!header) throw tokenError(DataErrorCode.invalidJwt, "JWT couldn't be decoded");
  if (header['alg'] !== 'HS256') {
    throw tokenError(
      DataErrorCode.invalidJwt,
      'Wrong or unsupported encoding algorithm',
      `The token is signed with ${JSON.stringify(header['alg'] ?? null)}; only HS256 is accepted`,
    );
  }
  let claims: Record<string, unknown>;
  try {
    claims = await keys.verify(token);
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    if (err.reason === 'expired') throw tokenError(DataErrorCode.jwtClaimsRejected, 'JWT expired');
    throw tokenError(DataErrorCode.invalidJwt, 'JWT cryptographic operation failed');
  }
  const issuedAt = claims['iat'];
  if (typeof issuedAt === 'number' && issuedAt > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
    throw tokenError(DataErrorCode.jwtClaimsRejected, 'JWT issued at future');
  }
  const role = claims['role'];
  if (role !== 'anon' && role !== 'authenticated') {
    // A valid token for another role (service_role, postgres, …): we never switch to it.
    throw new DataApiError(
      401,
      sqlState('42501'),
      `permission denied to set role ${JSON.stringify(String(role ?? ''))}`,
      {
        details: 'The data API runs requests only as anon or authenticated',
      },
    );
  }
  return { role, claims };
}
