import type { Queryable } from '../../db/database.ts';

// Spending outstanding e-mail links of an account (auth.one_time_tokens), as
// GoTrue's ClearAllOneTimeTokensForUser: every one after any link is used,
// and when the password or the address changes, so that an older link sent
// to whoever read the mail then cannot act on the account any more; one
// kind alone when one of the two links of a change of address is used.

// GoTrue's names for the token types (models/one_time_token.go). A change of
// address sends two links of type email_change, one to each address, and
// both are needed (secure e-mail change).
export type TokenType =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

/** Every outstanding link of the account, or only those of one type. */
export async function clearOneTimeTokens(
  tx: Queryable,
  userId: string,
  onlyType?: TokenType,
): Promise<void> {
  if (onlyType === undefined) {
    await tx.query(`DELETE FROM auth.one_time_tokens WHERE user_id = $1`, [userId]);
  } else {
    await tx.query(`DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2`, [
      userId,
      onlyType,
    ]);
  }
}
