import type { Config } from '../config.ts';
import { autovacuumWarning } from './autovacuum-check.ts';
import { checkRoleSwitching } from './check-roles.ts';
import type { Database } from './database.ts';
import { openEmbedded } from './embedded/open-embedded.ts';
import { prepareProcessForEmbedded, startEmbeddedUpkeep } from './embedded/embedded-upkeep.ts';
import { migrate } from './migrate.ts';
import { createPgDatabase } from './pg-database.ts';

// The database owner's front door: the server and its commands open the
// configured database here, and what only one kind needs while running (the
// embedded database's upkeep, PostgreSQL's autovacuum check) starts here too,
// so that nothing above this folder tells the two apart (docs/decisions/005).

export { openEmbedded };

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Database> {
  if (!config.databaseUrl) return openEmbedded(config.dataDir, bringUpToDate);
  const db = createPgDatabase(config.databaseUrl);
  try {
    await bringUpToDate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

async function bringUpToDate(db: Database): Promise<{ changed: boolean }> {
  const applied = await migrate(db);
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
