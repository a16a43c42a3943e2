import type { Config } from './config.ts';
import { startOpeningDatabase } from './db/open-database.ts';
import { loadVapidKeys } from './push/vapid-keys.ts';
import { loadJwtSecret } from './secrets.ts';

/**
 * What the server needs before it can build the app: the database and its
 * secrets. Resolves once the data directory is this process's and the
 * secrets are read, while the database still opens on its own thread:
 * `opened` settles when it is open (docs/decisions/099).
 */
export async function loadDeps(config: Config) {
  let directoryOurs!: () => void;
  const ours = new Promise<void>((resolve) => (directoryOurs = resolve));
  const { db, opened } = startOpeningDatabase(config, directoryOurs);
  opened.catch(() => {}); // the caller awaits it once the app is built
  // A failure to lock or open ends the wait too, and is thrown here.
  await Promise.race([ours, opened]);
  // The secrets live in the data directory, read only once it is locked.
  const jwtSecret = await loadJwtSecret(config.jwtSecret, config.dataDir);
  const vapid = await loadVapidKeys(config.push.vapidKeys, config.dataDir);
  return { db, opened, jwtSecret, vapid };
}
