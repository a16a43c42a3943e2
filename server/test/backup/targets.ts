import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/open-database.ts';
import { withAdmin } from '../helpers/template-database.ts';
import { browserLikeClient, TEST_JWT_SECRET } from '../helpers/test-server.ts';

/**
 * Where a server keeps its data, as `npm run backup` and `npm run restore`
 * find it: a data directory of its own (embedded PGlite), or, with
 * TEST_DATABASE_URL, a database of its own on that PostgreSQL server.
 */
export interface Target {
  /** DATA_DIR or DATABASE_URL, as the server and the commands read them. */
  env: Record<string, string>;
  /** Opens it as the server does (locked, migrated). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function newTarget(
  kind: 'pglite' | 'postgres' = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite',
): Promise<Target> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (kind === 'pglite' || !adminUrl) {
    const dir = await mkdtemp(join(tmpdir(), 'et-backup-'));
    const dataDir = join(dir, 'data');
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase(readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' })),
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `et_backup_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase(readConfig({ DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' })),
    remove: () =>
      withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

export interface RunningServer {
  db: Database;
  app: FastifyInstance;
  client(): SupabaseClient;
  stop(): Promise<void>;
}

/** Our real server over the target's database, on a free loopback port. */
export async function startServer(target: Target): Promise<RunningServer> {
  const db = await target.open();
  const config = readConfig({
    ...target.env,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    RATE_LIMIT_SIGNUP_PER_5MIN: '100000',
    RATE_LIMIT_TOKEN_PER_5MIN: '100000',
    EMAIL_ANSWER_MIN_MS: '0',
  });
  const app = await buildApp(config, { db, jwtSecret: TEST_JWT_SECRET });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const anonKey = (await (await fetch(`${address}/config.json`)).json()).supabaseAnonKey as string;
  return {
    db,
    app,
    client: () => browserLikeClient(address, anonKey),
    async stop() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * A test that runs the commands: each is a process that opens (and, for an
 * empty target, creates) the database, 5–15 s on a busy machine.
 */
export const RESTORE_TEST_TIMEOUT_MS = 120_000;

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

const COMMANDS = {
  backup: fileURLToPath(new URL('../../src/backup/backup-main.ts', import.meta.url)),
  restore: fileURLToPath(new URL('../../src/backup/restore-main.ts', import.meta.url)),
  'reset-password': fileURLToPath(new URL('../../src/cli/reset-password-main.ts', import.meta.url)),
  'remove-factors': fileURLToPath(new URL('../../src/cli/remove-factors-main.ts', import.meta.url)),
};

/** The environment a command runs with: only what the test says decides where the data is. */
function commandEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  delete inherited['DATA_DIR'];
  delete inherited['DATABASE_URL'];
  return { ...inherited, ...env };
}

/** The real command started in a process of its own, for a test that kills it. */
export function spawnCommand(
  command: keyof typeof COMMANDS,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn(process.execPath, [COMMANDS[command], ...args], {
    env: commandEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The real command, as `npm run backup -- …` (or restore, reset-password) runs it, in a process of its own. */
export function runCommand(
  command: keyof typeof COMMANDS,
  args: string[],
  env: Record<string, string>,
  /** What the command reads on standard input (piped, as from a script). */
  input = '',
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [COMMANDS[command], ...args],
      { env: commandEnv(env), timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}
