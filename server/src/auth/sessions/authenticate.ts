import type { FastifyRequest } from 'fastify';
import type { JWTPayload } from 'jose';
import type { AppContext } from '../../context.ts';
import { JwtError } from '../../jwt.ts';
import { AuthApiError, badRequest, forbidden } from '../request/errors.ts';
import { findUserById, isBanned, type UserRow } from '../accounts/users.ts';

// GoTrue's requireAuthentication (internal/api/auth.go): the same checks in the
// same order, so that a client sees the same status and code for each failure.

export interface Authenticated {
  claims: JWTPayload;
  user: UserRow;
  /** Absent for tokens without a session_id claim (GoTrue then logs out globally). */
  sessionId: string | undefined;
}

const BEARER = /^[Bb]earer (\S+)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export async function authenticateAuthRequest(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (!bearer) {
    throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }

  let claims: JWTPayload;
  try {
    claims = await ctx.jwt.verify(bearer);
  } catch (err) {
    if (!(err instanceof JwtError)) throw err;
    const why =
      err.reason === 'expired' ? 'token has invalid claims: token is expired' : err.message;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }

  const sub = claims.sub;
  if (typeof sub !== 'string' || sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!UUID.test(sub)) {
    throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  }
  const user = await findUserById(ctx.db, sub);
  if (!user) {
    throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  }

  let sessionId: string | undefined;
  const sid = claims['session_id'];
  if (sid !== undefined && sid !== '' && sid !== NIL_UUID) {
    if (typeof sid !== 'string' || !UUID.test(sid)) {
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    }
    const { rows } = await ctx.db.query(`SELECT 1 FROM auth.sessions WHERE id = $1`, [sid]);
    if (rows.length === 0) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    sessionId = sid;
  }

  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}
