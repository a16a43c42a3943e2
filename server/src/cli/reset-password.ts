import type { Database } from '../db/database.ts';
import { AuthApiError } from '../auth/request/errors.ts';
import { checkPasswordStrength, hashPassword } from '../auth/accounts/passwords.ts';
import { setPassword } from '../auth/accounts/set-password.ts';
import { findUserByEmail } from '../auth/accounts/users.ts';
import { CommandRefusal } from './refusal.ts';

/**
 * Sets a new password for the account with this address, as an operator does
 * when no mail can carry a recovery link. The password must meet the rules a
 * person's own change meets; every session of the account ends, as after a
 * change on Profile, so whoever held one must sign in with the new password;
 * an unopened e-mail link is spent too.
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
  await db.transaction((tx) => setPassword(tx, user.id, hash, undefined));
}
