import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const APP_MIGRATIONS = fileURLToPath(new URL('../../db/app/', import.meta.url));

// What a new hosted Supabase project has before our app migrations run: its
// roles, an auth schema with auth.users and the claim helpers, and the default
// privileges that grant every new table, function and sequence in public to
// anon and authenticated. Modelled on the supabase/postgres image's init
// scripts; only what our migrations could meet is here.
const SUPABASE_SHAPE = `
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['anon', 'authenticated', 'service_role'] LOOP
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOINHERIT', role_name);
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- roles are cluster-wide: another test database made it already
    END;
  END LOOP;
END
$$;

CREATE SCHEMA auth;
GRANT USAGE ON SCHEMA auth TO anon, authenticated, service_role;

CREATE TABLE auth.users (
  instance_id uuid,
  id uuid PRIMARY KEY,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text UNIQUE,
  is_sso_user boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  is_anonymous boolean NOT NULL DEFAULT false
);

CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
CREATE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
GRANT EXECUTE ON FUNCTION auth.uid(), auth.role(), auth.jwt() TO anon, authenticated, service_role;

GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
`;

export interface SupabaseShapedDatabase extends TestDatabase {
  /** The app migrations applied, in order, each in its own transaction. */
  appliedMigrations: string[];
}

/**
 * A fresh database shaped like a hosted Supabase project with our app
 * migrations applied the way `supabase db push` would: the files as they
 * are, without our own auth schema or migration runner.
 */
export async function createSupabaseShapedDatabase(): Promise<SupabaseShapedDatabase> {
  const database = await createTestDatabase({ migrated: false });
  try {
    await database.db.exec(SUPABASE_SHAPE);
    const files = (await readdir(APP_MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      const sql = await readFile(APP_MIGRATIONS + file, 'utf8');
      await database.db.transaction((tx) => tx.exec(sql));
    }
    return { ...database, appliedMigrations: files };
  } catch (err) {
    await database.drop();
    throw err;
  }
}
