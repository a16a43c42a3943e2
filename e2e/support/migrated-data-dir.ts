import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { migrate } from '../../server/src/db/migrate.ts';
import { openEmbedded } from '../../server/src/db/open-database.ts';

// One migrated data directory per run (docs/testing.md): a file that needs a
// server of its own starts it on a copy, as `npm start` finds a directory it
// made before, instead of running initdb and every migration again. Only the
// database is in it: each copy's server makes its own keys on first start.
const TEMPLATE = 'E2E_MIGRATED_DATA_DIR';

/** Made by the run's global setup, under the run's data folder. */
export async function makeMigratedDataDir(root: string): Promise<void> {
  const dir = join(root, 'migrated');
  const db = await openEmbedded(dir, async (opened) => {
    await migrate(opened);
    return { changed: false };
  });
  await db.close();
  process.env[TEMPLATE] = dir;
}

/** Copies the run's migrated data directory into `dataDir`; false outside a run's setup. */
export async function copyMigratedDataDir(dataDir: string): Promise<boolean> {
  const template = process.env[TEMPLATE];
  if (!template) return false;
  await cp(template, dataDir, { recursive: true });
  return true;
}
