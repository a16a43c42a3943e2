import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { addProvider } from './users.ts';

// An account's identities record, each in its identity_data, the address it
// vouches for and whether that address was proven (email_verified). Google
// linking trusts an address only when an identity says it was proven
// (oauth/external-account.ts), so these writes decide who may sign in.

/** A used link proved the address: every identity naming it says so. */
export async function verifyIdentitiesWithAddress(
  tx: Queryable,
  userId: string,
  email: string,
): Promise<void> {
  await tx.query(
    `UPDATE auth.identities
        SET identity_data = identity_data || '{"email_verified":true}', updated_at = now()
      WHERE user_id = $1 AND email = lower($2)`,
    [userId, email],
  );
}

/**
 * The account's e-mail identity follows a change of address, proven by a
 * link or not (without SMTP). False when the account has none (Google only).
 */
export async function setEmailIdentityAddress(
  tx: Queryable,
  userId: string,
  email: string,
  verified: boolean,
): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE auth.identities
        SET identity_data = identity_data
              || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
            updated_at = now()
      WHERE user_id = $1 AND provider = 'email'`,
    [userId, email, verified],
  );
  return updated.rowCount > 0;
}

/** An account without an e-mail identity gains one for a proven address, as in GoTrue. */
export async function addEmailIdentity(
  tx: Queryable,
  userId: string,
  email: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider)
     VALUES ($1, $2, $3, jsonb_build_object('sub', $2::text, 'email', $4::text,
             'email_verified', true), 'email')`,
    // The same id twice: provider_id is text and user_id a uuid.
    [randomUUID(), userId, userId, email],
  );
  await addProvider(tx, userId, 'email');
}
