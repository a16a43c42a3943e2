import type { Config } from '../config.ts';
import { autovacuumWarning } from './autovacuum-check.ts';
import { checkRoleSwitching } from './check-roles.ts';
import type { Database } from './database.ts';
import { databaseWhenOpen } from './database-when-open.ts';
import { openEmbedded } from './embedded/open-embedded.ts';
import { EMBEDDED_SHAPE } from './embedded/pglite-in-worker.ts';
import { prepareProcessForEmbedded, startEmbeddedUpkeep } from './embedded/embedded-upkeep.ts';
import { migrate, readMigrationSet, type MigrationSet } from './migrate.ts';
import { createPgDatabase, POSTGRES_SHAPE } from './pg-database.ts';

// The database owner's front door: the server and its commands open the
// configured database here, and what only one kind needs while running (the
// embedded database's upkeep, PostgreSQL's autovacuum check) starts here too,
// so that nothing above this folder tells the two apart (docs/decisions/005).

export { openEmbedded };

/**
 * Opens the configured database and brings its schema up to date. `underWay`
 * is called once the opening no longer needs this thread for a while: the
 * embedded database's directory locked and its thread told to open (at once
 * for PostgreSQL), so that a caller may then load modules, which holds this
 * thread, while PostgreSQL starts on its own (docs/decisions/099).
 */
export async function openDatabase(
  config: Config,
  underWay: () => void = () => {},
): Promise<Database> {
  // The migration files are read while the database opens, not after.
  const reading = readMigrationSet();
  reading.catch(() => {}); // awaited once the database is open
  const prepare = (db: Database) => bringUpToDate(db, reading);
  if (!config.databaseUrl) return openEmbedded(config.dataDir, prepare, underWay);
  underWay();
  const db = createPgDatabase(config.databaseUrl);
  try {
    await prepare(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

/**
 * The configured database while it opens: `db` may be handed out at once
 * (its calls wait for the open), `opened` settles when it is open and up to
 * date, or with why it could not be (docs/decisions/099).
 */
export function startOpeningDatabase(
  config: Config,
  underWay: () => void,
): { db: Database; opened: Promise<void> } {
  const opening = openDatabase(config, underWay);
  const shape = config.databaseUrl ? POSTGRES_SHAPE : EMBEDDED_SHAPE;
  return { db: databaseWhenOpen(opening, shape), opened: opening.then(() => {}) };
}

async function bringUpToDate(
  db: Database,
  reading: Promise<MigrationSet>,
): Promise<{ changed: boolean }> {
  const applied = await migrate(db, reading);
  await checkRoleSwitching(db);
  return { changed: applied.length > 0 };
}

/** Called first thing in the server process, before anything fills the heap. */
export function prepareProcessFor(config: Config): void {
  if (!config.databaseUrl) prepareProcessForEmbedded();
}

export interface DatabaseUpkeep {
  stop(): void;
}

/**
 * Starts what the open database needs while the server runs; `warn` hears
 * failures and what an operator should fix.
 */
export async function startDatabaseUpkeep(
  config: Config,
  db: Database,
  warn: (message: string, err?: unknown) => void,
): Promise<DatabaseUpkeep> {
  if (!config.databaseUrl) {
    return startEmbeddedUpkeep(db, (err) => warn('refreshing planner statistics failed', err));
  }
  // A real PostgreSQL keeps its own statistics, unless autovacuum is off.
  const warning = await autovacuumWarning(db).catch(() => undefined);
  if (warning) warn(warning);
  return { stop() {} };
}
