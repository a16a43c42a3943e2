import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

// HS256 only: verification pins the algorithm, so `alg: none` or an RS256
// token signed with our secret as a "public key" can never pass.
const ALG = 'HS256';
export const JWT_ISSUER = 'energy-tracker';

export type JwtFailure = 'expired' | 'invalid';

export class JwtError extends Error {
  readonly reason: JwtFailure;
  constructor(reason: JwtFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface JwtKeys {
  sign(claims: JWTPayload): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
}

// A client sends the same access token with every request until it refreshes
// it, so a token verified once is remembered by its exact text for a while:
// checking an HMAC costs more than the rest of a small request's work. The
// map is bounded; an entry is never used after the token's own expiry.
const VERIFIED_CACHE_SIZE = 1000;
const VERIFIED_CACHE_MS = 60_000;

interface Verified {
  payload: JWTPayload;
  /** Milliseconds since the epoch after which the entry is checked afresh. */
  until: number;
}

export function createJwtKeys(secret: string): JwtKeys {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, Verified>();

  function remember(token: string, payload: JWTPayload) {
    const now = Date.now();
    const expires = typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity;
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      // Oldest first: Map keeps insertion order.
      verified.delete(verified.keys().next().value as string);
    }
    verified.set(token, {
      payload: Object.freeze(payload),
      until: Math.min(expires, now + VERIFIED_CACHE_MS),
    });
  }

  return {
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: ALG, typ: 'JWT' }).sign(key),
    async verify(token) {
      const hit = verified.get(token);
      if (hit && Date.now() < hit.until) return hit.payload;
      if (hit) verified.delete(token);
      try {
        // A token without exp would be valid forever: GoTrue and PostgREST
        // refuse it too. Tokens say who they are for (aud) and, when they name
        // one, who issued them (iss); ours are for "authenticated" users and
        // the anon key, issued by this server.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          requiredClaims: ['exp'],
        });
        if (!hasOurAudience(payload)) throw new JwtError('invalid', 'invalid JWT audience');
        if (payload.iss !== undefined && payload.iss !== JWT_ISSUER) {
          throw new JwtError('invalid', 'invalid JWT issuer');
        }
        remember(token, payload);
        return payload;
      } catch (err) {
        if (err instanceof JwtError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', 'invalid JWT');
      }
    },
  };
}

export const USER_AUDIENCE = 'authenticated';

/** A user's token must be for "authenticated"; API keys (anon, service_role) name none. */
function hasOurAudience(payload: JWTPayload): boolean {
  const aud = payload.aud;
  if (aud === undefined) return payload['role'] === 'anon' || payload['role'] === 'service_role';
  const audiences = Array.isArray(aud) ? aud : [aud];
  return audiences.includes(USER_AUDIENCE);
}

/**
 * The public anon key, shaped like Supabase's legacy one: role anon, and a
 * far expiry (2043), since every token must have one.
 */
export function createAnonKey(keys: JwtKeys): Promise<string> {
  return keys.sign({ role: 'anon', iss: JWT_ISSUER, iat: 1_700_000_000, exp: 2_330_000_000 });
}
