import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';
import { readFunctionFiles, type FunctionFile } from './function-files.ts';

// Our auth schema first (it defines auth.uid() and the roles the app schema
// uses), then the portable app schema. Each file runs once, in a transaction.
// Then the app's functions (applyFunctionFiles). A start whose files are the
// ones last applied does none of it (docs/decisions/094).
const MIGRATION_DIRS = ['auth', 'app'].map((dir) => ({
  dir,
  path: fileURLToPath(new URL(`../../db/${dir}/`, import.meta.url)),
}));

export interface MigrationFile {
  /** `auth/0001_….sql` or `app/0001_….sql`, as et_meta.schema_migrations keeps it. */
  name: string;
  path: string;
}

/** Every numbered migration, in the order they apply. */
export async function migrationFiles(): Promise<MigrationFile[]> {
  const all: MigrationFile[] = [];
  for (const { dir, path } of MIGRATION_DIRS) {
    const files = (await readdir(path)).filter((f) => f.endsWith('.sql')).sort();
    all.push(...files.map((file) => ({ name: `${dir}/${file}`, path: path + file })));
  }
  return all;
}

// Any number for pg_advisory_xact_lock; only our migrations take it, so that
// replicas starting together apply each file once.
const MIGRATION_LOCK_KEY = 7_412_026;

/** Every migration and function file with its text, and their one digest. */
export interface MigrationSet {
  migrations: (MigrationFile & { sql: string })[];
  functions: FunctionFile[];
  digest: string;
}

/** Reads the files migrate() applies: needs no database, so a start reads them while one opens. */
export async function readMigrationSet(): Promise<MigrationSet> {
  const [migrations, functions] = await Promise.all([
    migrationFiles().then((files) =>
      Promise.all(files.map(async (file) => ({ ...file, sql: await readFile(file.path, 'utf8') }))),
    ),
    readFunctionFiles(),
  ]);
  return { migrations, functions, digest: migrationSetDigest(migrations, functions) };
}

export async function migrate(
  db: Database,
  reading: Promise<MigrationSet> = readMigrationSet(),
): Promise<string[]> {
  const { migrations, functions, digest } = await reading;
  if ((await appliedDigest(db)) === digest) return [];

  // Under the lock too: "IF NOT EXISTS" is not safe against a replica doing
  // the same at the same moment (duplicate key in pg_namespace).
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      CREATE SCHEMA IF NOT EXISTS et_meta;
      CREATE TABLE IF NOT EXISTS et_meta.schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE IF NOT EXISTS et_meta.applied_set (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        digest text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  });
  // A file not listed is checked again under the lock: a replica may be
  // applying it right now.
  const { rows } = await db.query<{ name: string }>('SELECT name FROM et_meta.schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const { name, sql } of migrations) {
    if (done.has(name)) continue;
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM et_meta.schema_migrations WHERE name = $1', [
        name,
      ]);
      if (done.rowCount > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO et_meta.schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (didApply) applied.push(name);
  }
  await applyFunctionFiles(db, functions);
  await db.query(
    `INSERT INTO et_meta.applied_set (digest) VALUES ($1)
     ON CONFLICT (only_row) DO UPDATE SET digest = excluded.digest, applied_at = now()`,
    [digest],
  );
  return applied;
}

/**
 * One digest of every numbered migration and every function file, names and
 * text, in the order they apply: the same files give the same digest.
 */
export function migrationSetDigest(
  migrations: { name: string; sql: string }[],
  functions: FunctionFile[],
): string {
  const hash = createHash('sha256');
  for (const { name, sql } of [
    ...migrations,
    ...functions.map((f) => ({ ...f, name: `functions/${f.name}` })),
  ]) {
    // Lengths first, so that no two different sets run together into one text.
    hash.update(`${name.length}:${name}${sql.length}:`).update(sql);
  }
  return hash.digest('hex');
}

/** The digest recorded by the last migrate() that finished here; undefined before the first. */
async function appliedDigest(db: Database): Promise<string | undefined> {
  // A new database has no et_meta yet: look before reading, so that no start logs an error.
  const { rows } = await db.query<{ present: boolean }>(
    "SELECT to_regclass('et_meta.applied_set') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return undefined;
  const recorded = await db.query<{ digest: string }>('SELECT digest FROM et_meta.applied_set');
  return recorded.rows[0]?.digest;
}

/**
 * Creates or replaces every function of server/db/app/functions, so that the
 * file is always what runs, whatever an older migration made
 * (docs/decisions/031). All of them in one transaction: a file that fails
 * leaves every function as it was, and the start fails naming the file.
 */
export async function applyFunctionFiles(db: Database, files?: FunctionFile[]): Promise<void> {
  files ??= await readFunctionFiles();
  await db.transaction(async (tx) => {
    // A replica replacing the same functions at once would fail with "tuple
    // concurrently updated"; under the lock they take turns.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    for (const file of files) {
      try {
        await tx.exec(file.sql);
      } catch (err) {
        throw new Error(`server/db/app/functions/${file.name}: ${(err as Error).message}`, {
          cause: err,
        });
      }
    }
  });
}
