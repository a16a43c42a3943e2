import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, readConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createPgDatabase } from '../db/pg-database.ts';
import { openDatabase, openEmbedded } from '../db/open-database.ts';
import { CommandRefusal } from './refusal.ts';

// What `npm run backup` and `npm run restore` share: reading the server's own
// configuration, opening its database, and turning every failure into one
// line and a non-zero exit instead of a stack trace.

export class UsageError extends Error {}

/** The one argument (a file, an address); anything else is a usage error. */
export function singleArgument(argv: string[], usage: string): string {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 1 || args[0] === '' || args[0]?.startsWith('-')) {
    throw new UsageError(usage);
  }
  return args[0] as string;
}

export function where(config: Config): string {
  return config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
}

/**
 * The server's database as it is, for reading: never created, never
 * migrated. The embedded one is locked like a server locks it, so a backup
 * refuses while a server has it open.
 */
export async function openExisting(config: Config): Promise<Database> {
  if (config.databaseUrl) return createPgDatabase(config.databaseUrl);
  const pgdata = join(config.dataDir, 'pgdata', 'PG_VERSION');
  if (
    !(await access(pgdata).then(
      () => true,
      () => false,
    ))
  ) {
    throw new CommandRefusal(
      `DATA_DIR ${config.dataDir} holds no database; set DATA_DIR (or DATABASE_URL) as the server has it`,
    );
  }
  return openEmbedded(config.dataDir);
}

/** The database as the server opens it: created if need be, then migrated. */
export function openMigrated(config: Config): Promise<Database> {
  return openDatabase(config);
}

/**
 * Runs a command and returns its exit code: 0 done, 1 refused or failed,
 * 2 wrong usage. Messages go to stderr; DEBUG=1 adds the stack of an
 * unexpected error.
 */
export async function runCommand(
  name: string,
  work: (config: Config) => Promise<string>,
): Promise<number> {
  let config: Config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    console.log(await work(config));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(err.message);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof CommandRefusal) {
      console.error(`${name} refused: ${message}`);
    } else {
      console.error(`${name} failed (${where(config)}): ${message}`);
      if (process.env['DEBUG']) console.error(err);
    }
    return 1;
  }
}
