import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { AuthApiError, badRequest } from '../request/errors.ts';
import type { ProviderIdentity } from './google-provider.ts';
import { isAddressTaken } from '../accounts/address-taken.ts';
import { addProvider, findUserByEmail, isBanned } from '../accounts/users.ts';
import { confirmAddress } from '../accounts/confirm-address.ts';
import { removeUnprovenPassword } from '../accounts/set-password.ts';

// Who a verified provider identity signs in as, after GoTrue's
// createAccountFromExternalIdentity and its automatic linking: the user who
// already has this identity; else the user with the same e-mail address,
// when the provider vouches for it and that account's address was proven
// too; else a new user (ADR 012).

const PROVIDER = 'google';

/** identity_data / user_metadata as GoTrue's provider.Claims marshals them. */
function identityData(identity: ProviderIdentity): Record<string, unknown> {
  const data: Record<string, unknown> = {
    iss: identity.issuer,
    sub: identity.subject,
    provider_id: identity.subject,
    email: identity.email,
    email_verified: identity.emailVerified,
    phone_verified: false,
  };
  if (identity.name) Object.assign(data, { name: identity.name, full_name: identity.name });
  // Beyond GoTrue's claims: the Profile screen offers these as the first and last name.
  if (identity.givenName) data['given_name'] = identity.givenName;
  if (identity.familyName) data['family_name'] = identity.familyName;
  if (identity.picture) {
    Object.assign(data, { picture: identity.picture, avatar_url: identity.picture });
  }
  return data;
}

/** The id of the user this identity signs in, creating or linking as needed. */
export async function userForExternalIdentity(
  tx: Queryable,
  identity: ProviderIdentity,
): Promise<string> {
  const data = JSON.stringify(identityData(identity));
  const { rows: known } = await tx.query<{ user_id: string }>(
    `UPDATE auth.identities SET identity_data = $3::jsonb, last_sign_in_at = now(),
            updated_at = now()
      WHERE provider = $1 AND provider_id = $2 RETURNING user_id`,
    [PROVIDER, identity.subject, data],
  );
  const knownUserId = known[0]?.user_id;
  if (knownUserId) {
    await mergeIntoUserMetadata(tx, knownUserId, data);
    return knownUserId;
  }

  if (!identity.email) {
    throw badRequest('bad_oauth_callback', 'Error getting user email from external provider');
  }
  const existing = await findUserByEmail(tx, identity.email);
  if (existing) {
    // An address the provider has not verified proves nothing: linking on it
    // would hand the account to whoever typed the address there.
    if (!identity.emailVerified) {
      throw new AuthApiError(
        403,
        'provider_email_needs_verification',
        'Unverified email with google. Verify the address with Google, then try again.',
      );
    }
    if (isBanned(existing)) throw new AuthApiError(403, 'user_banned', 'User is banned');
    const confirmed = existing.email_confirmed_at !== null;
    // Without SMTP, password sign-ups are confirmed without proof: whoever
    // typed the address may not own it, and linking would give the address's
    // real owner an account its author can still sign in to. The address
    // must have been proven by a link we sent or by a provider.
    if (confirmed && !(await addressProven(tx, existing.id, identity.email))) {
      throw new AuthApiError(
        403,
        'email_exists',
        'An account with this e-mail address already exists, but its address was never ' +
          'confirmed, so Google cannot sign in to it. Sign in with its e-mail address and ' +
          'password instead.',
      );
    }
    await linkIdentity(tx, existing.id, confirmed, identity, data);
    return existing.id;
  }
  return createUser(tx, identity, data);
}

/** Whether one of the user's identities vouches for this address: a used link, or a provider. */
async function addressProven(tx: Queryable, userId: string, email: string): Promise<boolean> {
  const { rows } = await tx.query(
    `SELECT 1 FROM auth.identities
      WHERE user_id = $1 AND lower(identity_data->>'email') = lower($2)
        AND identity_data->>'email_verified' = 'true'`,
    [userId, email],
  );
  return rows.length > 0;
}

async function linkIdentity(
  tx: Queryable,
  userId: string,
  confirmed: boolean,
  identity: ProviderIdentity,
  data: string,
): Promise<void> {
  if (!confirmed) {
    // Someone signed up with this address and a password but never proved
    // they own it; the provider has now proved that this person does. Drop
    // the unproven password and identities, or their author could sign in
    // to the real owner's account (pre-account takeover; GoTrue's
    // RemoveUnconfirmedIdentities does the same).
    await tx.query(`DELETE FROM auth.identities WHERE user_id = $1`, [userId]);
    await removeUnprovenPassword(tx, userId);
    await tx.query(
      `UPDATE auth.users
          SET raw_user_meta_data = $2::jsonb,
              raw_app_meta_data = raw_app_meta_data
                || '{"provider":"google","providers":["google"]}'::jsonb,
              updated_at = now()
        WHERE id = $1`,
      [userId, data],
    );
    // The provider vouched for the address (userForExternalIdentity checks),
    // so the email_verified it put in the metadata is already true.
    await confirmAddress(tx, userId);
  } else {
    await mergeIntoUserMetadata(tx, userId, data);
    await addProvider(tx, userId, PROVIDER);
  }
  await insertIdentity(tx, userId, identity, data);
}

/**
 * Every Google sign-in refreshes what the provider says about the person
 * (name, picture) in user_metadata, as GoTrue's UpdateUserMetaData does;
 * keys the provider does not send, such as the profile's names, are kept.
 */
async function mergeIntoUserMetadata(tx: Queryable, userId: string, data: string): Promise<void> {
  await tx.query(
    `UPDATE auth.users SET raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now()
      WHERE id = $1`,
    [userId, data],
  );
}

async function createUser(
  tx: Queryable,
  identity: ProviderIdentity,
  data: string,
): Promise<string> {
  const userId = randomUUID();
  try {
    await tx.query(
      `INSERT INTO auth.users (id, email, email_confirmed_at, raw_app_meta_data,
                               raw_user_meta_data)
       VALUES ($1, lower($2), CASE WHEN $3 THEN now() END,
               '{"provider":"google","providers":["google"]}', $4::jsonb)`,
      [userId, identity.email, identity.emailVerified, data],
    );
  } catch (err) {
    // The same address signed up by another route at this very moment.
    if (isAddressTaken(err)) {
      throw new AuthApiError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    throw err;
  }
  await insertIdentity(tx, userId, identity, data);
  return userId;
}

async function insertIdentity(
  tx: Queryable,
  userId: string,
  identity: ProviderIdentity,
  data: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider,
                                  last_sign_in_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, now())`,
    [randomUUID(), identity.subject, userId, data, PROVIDER],
  );
}
