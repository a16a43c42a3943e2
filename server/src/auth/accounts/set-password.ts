import type { Queryable } from '../../db/database.ts';
import { endSessions } from './end-sessions.ts';
import { clearOneTimeTokens } from './one-time-tokens.ts';

// The one place a password is written, so that what must go with it cannot
// be forgotten by one of its callers: Profile (PUT /user), an operator (npm
// run reset-password), and the removal of a password nobody proved.

/**
 * A new password, on Profile or by an operator. Whoever knew the old password
 * may hold sessions or an unopened recovery or confirmation link: all of them
 * end here, except the session that made the change (if any), as GoTrue's
 * UpdatePassword ends sessions and clears one-time tokens.
 */
export async function setPassword(
  tx: Queryable,
  userId: string,
  passwordHash: string,
  keepSessionId: string | undefined,
): Promise<void> {
  await tx.query(
    `UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1`,
    [userId, passwordHash],
  );
  await clearOneTimeTokens(tx, userId);
  await endSessions(tx, userId, { except: keepSessionId });
}

/**
 * An unconfirmed account's password was set by a sign-up nobody proved, and
 * may be an impostor's (ADR 023): when a link or a provider proves the
 * address, it goes, and the owner sets their own. Nothing else ends: no one
 * can sign in with the password of an unconfirmed account (token.ts), so no
 * session came from it, and the caller decides about the links.
 */
export async function removeUnprovenPassword(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `UPDATE auth.users SET encrypted_password = NULL, updated_at = now() WHERE id = $1`,
    [userId],
  );
}
