import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Where the app schema's functions live, one file each (docs/decisions/031). */
export const FUNCTIONS_DIR = fileURLToPath(new URL('../../db/app/functions/', import.meta.url));

export interface FunctionFile {
  /** The file's name, e.g. `insights.sql`: the function it creates. */
  name: string;
  sql: string;
}

/**
 * Every function file, by name. The order is fixed so that every start, test
 * and hosted project applies them alike; each file is `CREATE OR REPLACE`,
 * and PL/pgSQL bodies are checked only when they run, so the order matters
 * only for a SQL-language body that calls another of our functions.
 */
export async function readFunctionFiles(): Promise<FunctionFile[]> {
  const names = (await readdir(FUNCTIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(FUNCTIONS_DIR + name, 'utf8') })),
  );
}

/**
 * The function files as one SQL script, each file unchanged, for a hosted
 * Supabase project: pasted into the SQL editor, run with `psql -1 -f`, or
 * saved as a Supabase CLI migration. No BEGIN/COMMIT of its own, because the
 * CLI already runs each migration file in a transaction.
 */
export function functionsScript(files: FunctionFile[]): string {
  const parts = files.map((f) => `-- server/db/app/functions/${f.name}\n${f.sql}`);
  return [
    '-- Energy Tracker: every function of the app schema, created or replaced.',
    '-- Apply after the numbered migrations, and again whenever a function file changes.',
    ...parts,
  ].join('\n');
}
