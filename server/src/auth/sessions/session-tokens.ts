import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { JWT_ISSUER } from '../../jwt.ts';
import { badRequest } from '../request/errors.ts';
import { endSessions } from '../accounts/end-sessions.ts';
import { metadataForToken } from '../accounts/metadata-size.ts';
import {
  findUserById,
  isBanned,
  loadUserJson,
  type UserJson,
  type UserRow,
} from '../accounts/users.ts';

/** How a session began, as the `amr` claim names it (GoTrue's AuthenticationMethod). */
export type AuthenticationMethod =
  | 'password'
  | 'oauth'
  | 'otp'
  | 'email/signup'
  | 'email_change'
  | 'recovery'
  | 'totp'
  | 'mfa/recovery_code';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export interface ClientInfo {
  userAgent: string | undefined;
  ip: string;
}

/** What the refresh_tokens.token column holds: never the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Refresh tokens are HMACs, under a key only the server holds, of the session
// id and the parent token's hash: unique (each token has one parent, at most
// one child) and unguessable, and the server can recompute the session's
// current token. GoTrue hands that current token back when a client presents
// its just-rotated predecessor; storing only hashes, recomputing is how we can.
function deriveRefreshToken(key: Buffer, sessionId: string, parentHash: string | null): string {
  return createHmac('sha256', key)
    .update(`${sessionId}:${parentHash ?? ''}`)
    .digest('base64url');
}

async function insertRefreshToken(
  tx: Queryable,
  key: Buffer,
  userId: string,
  sessionId: string,
  parentHash: string | null,
): Promise<string> {
  const token = deriveRefreshToken(key, sessionId, parentHash);
  await tx.query(
    `INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent) VALUES ($1, $2, $3, $4)`,
    [hashToken(token), userId, sessionId, parentHash],
  );
  return token;
}

async function rotate(
  tx: Queryable,
  key: Buffer,
  token: { id: string; token: string },
  userId: string,
  sessionId: string,
): Promise<string> {
  await tx.query(
    `UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1`,
    [token.id],
  );
  return insertRefreshToken(tx, key, userId, sessionId, token.token);
}

/** A new session with its first refresh token: sign-up and every sign-in. */
export async function startSession(
  ctx: AppContext,
  tx: Queryable,
  userId: string,
  method: AuthenticationMethod,
  client: ClientInfo,
): Promise<SessionJson> {
  const sessionId = randomUUID();
  await tx.query(
    `INSERT INTO auth.sessions (id, user_id, user_agent, ip) VALUES ($1, $2, $3, $4)`,
    [sessionId, userId, client.userAgent ?? null, client.ip],
  );
  await tx.query(
    `INSERT INTO auth.mfa_amr_claims (id, session_id, authentication_method) VALUES ($1, $2, $3)`,
    [randomUUID(), sessionId, method],
  );
  const key = ctx.refreshTokenKey;
  const refreshToken = await insertRefreshToken(tx, key, userId, sessionId, null);
  await tx.query(
    `UPDATE auth.users SET last_sign_in_at = now(), updated_at = now() WHERE id = $1`,
    [userId],
  );
  const user = await findUserById(tx, userId);
  if (!user) throw new Error('user vanished while starting a session');
  return sessionResponse(ctx, tx, user, sessionId, refreshToken);
}

/**
 * New tokens for a session whose standing changed (a second factor was
 * proven): its refresh token rotates, as on a refresh, and the new access
 * token carries the session's aal and amr as they now are.
 */
export async function reissueSession(
  ctx: AppContext,
  tx: Queryable,
  userId: string,
  sessionId: string,
): Promise<SessionJson> {
  const { rows } = await tx.query<{ id: string; token: string }>(
    `SELECT id::text AS id, token FROM auth.refresh_tokens
      WHERE session_id = $1 AND NOT revoked ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  const key = ctx.refreshTokenKey;
  const active = rows[0];
  const refreshToken = active
    ? await rotate(tx, key, active, userId, sessionId)
    : await insertRefreshToken(tx, key, userId, sessionId, null);
  const user = await findUserById(tx, userId);
  if (!user) throw new Error('user vanished while proving a second factor');
  return sessionResponse(ctx, tx, user, sessionId, refreshToken);
}

async function sessionResponse(
  ctx: AppContext,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<SessionJson> {
  const { rows: sessions } = await tx.query<{ aal: string }>(
    `SELECT aal FROM auth.sessions WHERE id = $1`,
    [sessionId],
  );
  const { rows: amr } = await tx.query<{ method: string; ts: number }>(
    `SELECT authentication_method AS method, extract(epoch FROM updated_at)::float8 AS ts
       FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY updated_at`,
    [sessionId],
  );
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  const accessToken = await ctx.jwt.sign({
    iss: JWT_ISSUER,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: metadataForToken(user.raw_user_meta_data),
    role: user.role,
    aal: sessions[0]?.aal ?? 'aal1',
    amr: amr.map((claim) => ({ method: claim.method, timestamp: Math.floor(claim.ts) })),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await loadUserJson(tx, user),
  };
}

type RefreshOutcome =
  | { kind: 'ok'; session: SessionJson }
  | { kind: 'not_found' }
  | { kind: 'banned' }
  | { kind: 'already_used' };

interface TokenRow {
  id: string;
  token: string;
  revoked: boolean;
  reusable: boolean;
}

/** grant_type=refresh_token: rotate, or tolerate a just-rotated token, or end the session. */
export async function refreshSession(
  ctx: AppContext,
  presented: string,
  client: ClientInfo,
): Promise<SessionJson> {
  const key = ctx.refreshTokenKey;
  const presentedHash = hashToken(presented);
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const found = await tx.query<{ session_id: string }>(
      `SELECT session_id FROM auth.refresh_tokens WHERE token = $1`,
      [presentedHash],
    );
    const sessionId = found.rows[0]?.session_id;
    if (!sessionId) return { kind: 'not_found' };
    // Refreshes of one session queue here, so two tabs refreshing at once
    // cannot both rotate the same token.
    const locked = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM auth.sessions WHERE id = $1 FOR UPDATE`,
      [sessionId],
    );
    const userId = locked.rows[0]?.user_id;
    // Re-read under the lock: another refresh may have rotated it meanwhile.
    const { rows } = await tx.query<TokenRow>(
      `SELECT id::text AS id, token, revoked,
              updated_at + make_interval(secs => $2) > now() AS reusable
         FROM auth.refresh_tokens WHERE token = $1`,
      [presentedHash, ctx.config.refreshTokenReuseIntervalSeconds],
    );
    const token = rows[0];
    const user = userId ? await findUserById(tx, userId) : undefined;
    if (!token || !user) return { kind: 'not_found' };
    if (isBanned(user)) return { kind: 'banned' };

    let issued: string | undefined;
    if (!token.revoked) {
      issued = await rotate(tx, key, token, user.id, sessionId);
    } else if (token.reusable) {
      issued = await currentToken(tx, key, sessionId);
    }
    if (issued === undefined) {
      // A token rotated away long ago is being replayed: someone else may
      // hold this session. End it, so that its newest tokens die too.
      await endSessions(tx, user.id, { only: sessionId });
      return { kind: 'already_used' };
    }
    await tx.query(
      `UPDATE auth.sessions SET refreshed_at = now(), updated_at = now(), user_agent = $2, ip = $3
        WHERE id = $1`,
      [sessionId, client.userAgent ?? null, client.ip],
    );
    return { kind: 'ok', session: await sessionResponse(ctx, tx, user, sessionId, issued) };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.session;
    case 'not_found':
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    case 'banned':
      throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    case 'already_used':
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
}

/** The session's active refresh token, for a client that lost the last rotation's answer. */
async function currentToken(
  tx: Queryable,
  key: Buffer,
  sessionId: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ token: string; parent: string | null }>(
    `SELECT token, parent FROM auth.refresh_tokens
      WHERE session_id = $1 AND NOT revoked ORDER BY id DESC LIMIT 1`,
    [sessionId],
  );
  const active = rows[0];
  if (!active) return undefined;
  const recomputed = deriveRefreshToken(key, sessionId, active.parent);
  // A token issued under an earlier JWT secret cannot be given back.
  return hashToken(recomputed) === active.token ? recomputed : undefined;
}
