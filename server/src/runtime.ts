import { mkdir } from 'node:fs/promises';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createPgDatabase } from './db/pg-database.ts';
import { createPgliteDatabase } from './db/pglite-database.ts';
import { loadJwtSecret } from './secrets.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Database> {
  let db: Database;
  if (config.databaseUrl) {
    db = createPgDatabase(config.databaseUrl);
  } else {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    db = await createPgliteDatabase(`${config.dataDir}/pgdata`);
  }
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

export async function loadDeps(config: Config) {
  const db = await openDatabase(config);
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  return { db, jwtSecret };
}
