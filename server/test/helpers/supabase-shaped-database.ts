import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { functionsScript, readFunctionFiles } from '../../src/db/function-files.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const APP_MIGRATIONS = fileURLToPath(new URL('../../db/app/', import.meta.url));

/**
 * Stands in for hosted Supabase's \`postgres\`: the role \`supabase db push\` and
 * the SQL editor run as. Not a superuser there, so not here either; it owns
 * what the migrations create. Named apart from our test server's own
 * superuser \`postgres\`.
 */
export const HOSTED_OWNER = 'et_hosted_postgres';

/** auth.<name>(): one claim of the request's JWT, from the single-claim setting or the claims' JSON. */
function claimFunction(name: string, claim: string, type: string): string {
  return `CREATE FUNCTION auth.${name}() RETURNS ${type} LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.${claim}', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> '${claim}')
  )::${type}
$$;`;
}

// What a new hosted Supabase project has before our app migrations run: its
// roles, an auth schema with GoTrue's users, identities and sessions and the
// claim helpers, and the default privileges of the owner role that grant
// every new table, function and sequence in public to anon, authenticated and
// service_role. Modelled on the supabase/postgres image's init scripts; only
// what our migrations could meet is here.
const SUPABASE_SHAPE = `
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['anon', 'authenticated', 'service_role', '${HOSTED_OWNER}'] LOOP
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

-- GoTrue's own tables that hang off a user, as its migrations make them: the
-- dashboard deletes a user with one DELETE on auth.users and these go along.
CREATE TABLE auth.identities (
  provider_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  identity_data jsonb NOT NULL,
  provider text NOT NULL,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text GENERATED ALWAYS AS (lower(identity_data ->> 'email')) STORED,
  id uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
  UNIQUE (provider_id, provider)
);
CREATE TABLE auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz,
  updated_at timestamptz,
  not_after timestamptz
);
CREATE TABLE auth.refresh_tokens (
  instance_id uuid,
  id bigserial PRIMARY KEY,
  token varchar(255) UNIQUE,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid REFERENCES auth.sessions (id) ON DELETE CASCADE
);

-- GoTrue's second factors, with its enum columns.
CREATE TYPE auth.factor_type AS ENUM ('totp', 'webauthn', 'phone');
CREATE TYPE auth.factor_status AS ENUM ('unverified', 'verified');
CREATE TABLE auth.mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type auth.factor_type NOT NULL,
  status auth.factor_status NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  secret text
);

${claimFunction('uid', 'sub', 'uuid')}
${claimFunction('role', 'role', 'text')}
CREATE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
GRANT EXECUTE ON FUNCTION auth.uid(), auth.role(), auth.jwt() TO anon, authenticated, service_role;


-- The owner: no superuser, but a member of the API roles (WITH ADMIN OPTION
-- on Supabase), with the rights on auth's tables that it has there, and
-- allowed to create schemas and objects in public.
GRANT anon, authenticated, service_role TO ${HOSTED_OWNER};
GRANT USAGE ON SCHEMA auth TO ${HOSTED_OWNER};
GRANT ALL ON ALL TABLES IN SCHEMA auth TO ${HOSTED_OWNER};
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA auth TO ${HOSTED_OWNER};
DO $$ BEGIN
  EXECUTE format('GRANT CREATE ON DATABASE %I TO ${HOSTED_OWNER}', current_database());
END $$;
GRANT ALL ON SCHEMA public TO ${HOSTED_OWNER};

GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE ${HOSTED_OWNER} IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE ${HOSTED_OWNER} IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE ${HOSTED_OWNER} IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
`;

export interface SupabaseShapedDatabase extends TestDatabase {
  /** The app migrations applied, in order, each in its own transaction. */
  appliedMigrations: string[];
  /** The function files applied after them, in order, in one transaction. */
  appliedFunctionFiles: string[];
}

/**
 * A fresh database shaped like a hosted Supabase project with our app
 * migrations applied the way `supabase db push` would: the files as they
 * are, as the non-superuser owner role, without our own auth schema or
 * migration runner; then the function files, as the one script that
 * `npm run functions-sql` prints for such a project.
 */
export async function createSupabaseShapedDatabase(): Promise<SupabaseShapedDatabase> {
  const database = await createTestDatabase({ migrated: false });
  try {
    await database.db.exec(SUPABASE_SHAPE);
    const files = (await readdir(APP_MIGRATIONS)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      const sql = await readFile(APP_MIGRATIONS + file, 'utf8');
      await database.db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL ROLE ${HOSTED_OWNER}`);
        await tx.exec(sql);
      });
    }
    const functionFiles = await readFunctionFiles();
    await database.db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL ROLE ${HOSTED_OWNER}`);
      await tx.exec(functionsScript(functionFiles));
    });
    return {
      ...database,
      appliedMigrations: files,
      appliedFunctionFiles: functionFiles.map((f) => f.name),
    };
  } catch (err) {
    await database.drop();
    throw err;
  }
}
