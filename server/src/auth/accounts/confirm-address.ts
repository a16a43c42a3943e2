import type { Queryable } from '../../db/database.ts';

// Marking an account's address verified, after GoTrue's User.Confirm: a used
// sign-up or recovery link, the last link of a change of address, a provider
// vouching for an address nobody had proven, or (without SMTP) a new address
// taken as confirmed. One statement for all of them, so that user_metadata's
// email_verified, which supabase-js shows the app, never disagrees with
// email_confirmed_at. Identities keep their own email_verified
// (email-identity.ts): that one says whether the address was proven.

export async function confirmAddress(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `UPDATE auth.users
        SET email_confirmed_at = now(),
            raw_user_meta_data = raw_user_meta_data || '{"email_verified":true}',
            updated_at = now()
      WHERE id = $1`,
    [userId],
  );
}
