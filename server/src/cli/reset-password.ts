import type { Database } from '../db/database.ts';
import { AuthApiError } from '../auth/request/errors.ts';
import { checkPasswordStrength, hashPassword } from '../auth/accounts/passwords.ts';
import { findUserByEmail } from '../auth/accounts/users.ts';
import { CommandRefusal } from './refusal.ts';

/**
 * Sets a new password for the account with this address, as an operator does
 * when no mail can carry a recovery link. The password must meet the rules a
 * person's own change meets; every session of the account ends, as after a
 * change on Profile, so whoever held one must sign in with the new password.
 */
export async function resetPassword(db: Database, email: string, password: string): Promise<void> {
  try {
    checkPasswordStrength(password);
  } catch (err) {
    if (err instanceof AuthApiError) throw new CommandRefusal(err.message);
    throw err;
  }
  const user = await findUserByEmail(db, email);
  if (!user) throw new CommandRefusal(`no account has the address ${email}`);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1`,
      [user.id, hash],
    );
    await tx.query(`DELETE FROM auth.sessions WHERE user_id = $1`, [user.id]);
  });
}
