import type { Database } from '../db/database.ts';
import { endSessions } from '../auth/accounts/end-sessions.ts';
import { removeAllFactors } from '../auth/accounts/factors.ts';
import { findUserByEmail } from '../auth/accounts/users.ts';
import { CommandRefusal } from './refusal.ts';

/**
 * Turns two-step sign-in off for the account with this address, as an
 * operator does for someone who lost their authenticator and recovery codes,
 * or whose account someone else put an authenticator on (ADR 064): every
 * factor goes, recovery codes included, and every session ends, so that a
 * session the intruder raised with their authenticator stops working too.
 * Answers how many factors there were.
 */
export async function removeFactors(db: Database, email: string): Promise<number> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new CommandRefusal(`no account has the address ${email}`);
  return db.transaction(async (tx) => {
    const removed = await removeAllFactors(tx, user.id);
    await endSessions(tx, user.id, 'all');
    return removed;
  });
}
