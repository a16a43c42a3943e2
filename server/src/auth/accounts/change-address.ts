import type { Queryable } from '../../db/database.ts';

// The one statement that gives an account a new address: the last link of a
// change (email/email-change.ts), or PUT /user without SMTP. Whatever change
// was waiting in email_change is over once the address is set.

export async function changeAddress(tx: Queryable, userId: string, email: string): Promise<void> {
  await tx.query(
    `UPDATE auth.users SET email = $2, email_change = NULL, updated_at = now() WHERE id = $1`,
    [userId, email],
  );
}
