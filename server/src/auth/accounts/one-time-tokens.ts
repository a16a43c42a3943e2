import type { Queryable } from '../../db/database.ts';

// Spending every outstanding e-mail link of an account (auth.one_time_tokens),
// as GoTrue's ClearAllOneTimeTokensForUser: after any link is used, and when
// the password or the address changes, so that an older link sent to whoever
// read the mail then cannot act on the account any more.

export async function clearOneTimeTokens(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`DELETE FROM auth.one_time_tokens WHERE user_id = $1`, [userId]);
}
