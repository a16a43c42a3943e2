import { factorJson, findFactors, type FactorJson, type FactorRow } from './factors.ts';
import type { Queryable } from '../../db/database.ts';

// Rows of auth.users / auth.identities and their JSON as GoTrue writes it
// (internal/models/user.go, identity.go): `omitempty` timestamps are left out
// when null, `email` and `phone` are always strings.

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  /** An address the user asked to change to, until its link is used. */
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  phone: string | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
  email?: string;
}

export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  new_email?: string;
  email_change_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  /** Second factors, left out when there are none (GoTrue's omitempty). */
  factors?: FactorJson[];
  created_at: string;
  updated_at: string;
  banned_until?: string;
  is_anonymous: boolean;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, phone, banned_until, is_anonymous, created_at, updated_at`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [
    id,
  ]);
  return rows[0];
}

/** E-mail addresses are compared case-insensitively, as the unique index does. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}

/**
 * Holds the account's row until the transaction ends, so that two requests
 * changing the same person's factors (counting them, then adding one) take
 * turns.
 */
export async function lockUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query('SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function findIdentities(db: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `SELECT id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
            updated_at, email
       FROM auth.identities WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

function iso(value: Date | null): string | undefined {
  return value === null ? undefined : value.toISOString();
}

export function identityJson(identity: IdentityRow): IdentityJson {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    email: identity.email ?? undefined,
  };
}

export function userJson(
  user: UserRow,
  identities: IdentityRow[],
  factors: FactorRow[] = [],
): UserJson {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    // GoTrue's confirmed_at is the earlier of e-mail and phone confirmation;
    // we have no phone confirmation.
    confirmed_at: iso(user.email_confirmed_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identities.map(identityJson),
    factors: factors.length > 0 ? factors.map(factorJson) : undefined,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  return userJson(user, await findIdentities(db, user.id), await findFactors(db, user.id));
}

/** Adds a sign-in method to app_metadata.providers, once (an identity was linked). */
export async function addProvider(db: Queryable, userId: string, provider: string): Promise<void> {
  await db.query(
    `UPDATE auth.users
        SET raw_app_meta_data = raw_app_meta_data || jsonb_build_object('providers',
              (SELECT jsonb_agg(DISTINCT p) FROM jsonb_array_elements_text(
                 coalesce(raw_app_meta_data -> 'providers', '[]') || to_jsonb($2::text)) AS p)),
            updated_at = now()
      WHERE id = $1`,
    [userId, provider],
  );
}
