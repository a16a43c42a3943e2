import { mkdir } from 'node:fs/promises';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { checkRoleSwitching } from './db/check-roles.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { migrate } from './db/migrate.ts';
import { createPgDatabase } from './db/pg-database.ts';
import { compilePglite, createPgliteDatabase } from './db/pglite-database.ts';
import { loadVapidKeys } from './push/vapid-keys.ts';
import { loadJwtSecret } from './secrets.ts';

/** Embedded PostgreSQL in DATA_DIR, held by this process alone until closed. */
export async function openEmbedded(dataDir: string): Promise<Database> {
  // Compiling starts now and is awaited when PGlite opens (a failure there too).
  compilePglite().catch(() => {});
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await createPgliteDatabase(`${dataDir}/pgdata`);
    return {
      ...db,
      async close() {
        await db.close();
        await unlock();
      },
    };
  } catch (err) {
    await unlock();
    throw err;
  }
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Config): Promise<Database> {
  const db = config.databaseUrl
    ? createPgDatabase(config.databaseUrl)
    : await openEmbedded(config.dataDir);
  try {
    await migrate(db);
    await checkRoleSwitching(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

export async function loadDeps(config: Config) {
  const db = await openDatabase(config);
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const vapid = await loadVapidKeys(config.push.vapidKeys, config.dataDir);
  return { db, jwtSecret, vapid };
}
