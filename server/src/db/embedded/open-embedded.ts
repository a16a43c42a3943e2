import { mkdir } from 'node:fs/promises';
import type { Database } from '../database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { compilePglite } from './pglite-database.ts';
import { createPgliteInWorker } from './pglite-in-worker.ts';

/**
 * Embedded PostgreSQL in DATA_DIR, on a thread of its own (docs/decisions/075),
 * held by this process alone until closed.
 */
export async function openEmbedded(dataDir: string): Promise<Database> {
  // Compiling starts now and is awaited when PGlite opens (a failure there too).
  compilePglite().catch(() => {});
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await createPgliteInWorker(`${dataDir}/pgdata`);
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
