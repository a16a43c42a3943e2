import type { Queryable } from '../../db/database.ts';
import { clearOneTimeTokens } from './one-time-tokens.ts';

// The one place a password is replaced, on Profile (PUT /user) or by an
// operator (npm run reset-password), so that what must go with it cannot be
// forgotten by one of them. Whoever knew the old password may hold sessions or
// an unopened recovery or confirmation link: all of them end here, as GoTrue's
// UpdatePassword ends sessions and clears one-time tokens.

/**
 * Stores the new hash, spends every outstanding e-mail link of the account
 * and ends its sessions, except the one that made the change (if any).
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
  await tx.query(`DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid`, [
    userId,
    keepSessionId ?? null,
  ]);
}
