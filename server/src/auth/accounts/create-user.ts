import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

// A new e-mail/password account, shared by both kinds of sign-up.

export interface NewUser {
  userId: string;
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  /** Confirmed at once (no SMTP), or waiting for the link sent now. */
  confirmed: boolean;
}

/** The user and its e-mail identity, as GoTrue's signupNewUser and createNewIdentity make them. */
export async function insertUser(tx: Queryable, user: NewUser): Promise<void> {
  const data = JSON.stringify(user.data);
  // Confirmation also records email_verified in user_metadata, as GoTrue's
  // User.Confirm does.
  await tx.query(
    `INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at,
                             confirmation_sent_at, raw_app_meta_data, raw_user_meta_data)
     VALUES ($1, $2, $3, CASE WHEN $5 THEN now() END, CASE WHEN $5 THEN NULL ELSE now() END,
             '{"provider":"email","providers":["email"]}',
             CASE WHEN $5 THEN $4::jsonb || '{"email_verified":true}' ELSE $4::jsonb END)`,
    [user.userId, user.email, user.passwordHash, data, user.confirmed],
  );
  // The identity is made before confirmation, so it says email_verified
  // false, like GoTrue's; sign-up data fills keys the claims leave free.
  await tx.query(
    `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider,
                                  last_sign_in_at)
     VALUES ($1, $2, $3, $4::jsonb || jsonb_build_object('sub', $2::text, 'email', $5::text,
             'email_verified', false, 'phone_verified', false), 'email', now())`,
    [randomUUID(), user.userId, user.userId, data, user.email],
  );
}
