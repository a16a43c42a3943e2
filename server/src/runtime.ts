import type { Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { loadVapidKeys } from './push/vapid-keys.ts';
import { loadJwtSecret } from './secrets.ts';

/** What the server needs before it can build the app: the database and its secrets. */
export async function loadDeps(config: Config) {
  const db = await openDatabase(config);
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const vapid = await loadVapidKeys(config.push.vapidKeys, config.dataDir);
  return { db, jwtSecret, vapid };
}
