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

export function createJwtKeys(secret: string): JwtKeys {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) => new SignJWT(claims).setProtectedHeader({ alg: ALG, typ: 'JWT' }).sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALG] });
        return payload;
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('expired', 'JWT expired');
        throw new JwtError('invalid', 'invalid JWT');
      }
    },
  };
}

/** The public anon key, shaped like Supabase's legacy one: no expiry, role anon. */
export function createAnonKey(keys: JwtKeys): Promise<string> {
  return keys.sign({ role: 'anon', iss: JWT_ISSUER, iat: 1_700_000_000 });
}
