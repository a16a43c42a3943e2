import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';
import { readFunctionFiles, type FunctionFile } from './function-files.ts';

// Our auth schema first (it defines auth.uid() and the roles the app schema
// uses), then the portable app schema. Each file runs once, in a transaction.
// Then the app's functions, on every start (applyFunctionFiles).
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

export async function migrate(db: Database): Promise<string[]> {
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
    `);
  });
  // Most starts find every file applied: one read says so without a
  // transaction per file. A file not listed is checked again under the lock.
  const { rows } = await db.query<{ name: string }>('SELECT name FROM et_meta.schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const { name, path } of await migrationFiles()) {
    if (done.has(name)) continue;
    const sql = await readFile(path, 'utf8');
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
  await applyFunctionFiles(db);
  return applied;
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
