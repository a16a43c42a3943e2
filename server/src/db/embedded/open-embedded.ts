import { mkdir } from 'node:fs/promises';
import type { Database } from '../database.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { compilePglite } from './pglite-wasm.ts';
import { createPgliteInWorker } from './pglite-in-worker.ts';

/** Brings a database up to date; says whether that changed it. */
export type Prepare = (db: Database) => Promise<{ changed: boolean }>;

/**
 * Embedded PostgreSQL in DATA_DIR, on a thread of its own (docs/decisions/075),
 * held by this process alone until closed. `prepare` runs first; when it
 * changed the database (a new data directory, a migration), the server goes
 * on with a fresh thread: creating and migrating grow PGlite's WebAssembly
 * memory far beyond what serving needs, and a thread never gives that
 * memory back while it lives (docs/decisions/076). The data directory stays
 * locked throughout.
 */
export async function openEmbedded(
  dataDir: string,
  prepare: Prepare = async () => ({ changed: false }),
  underWay: () => void = () => {},
): Promise<Database> {
  // Compiling starts now and is awaited when PGlite opens (a failure there too).
  compilePglite().catch(() => {});
  const locking = mkdir(dataDir, { recursive: true, mode: 0o700 }).then(() => lockDataDir(dataDir));
  // The database's thread starts now too, loading its modules meanwhile; it
  // opens PGlite only once the directory is locked (docs/decisions/095).
  const first = createPgliteInWorker(`${dataDir}/pgdata`, locking, underWay);
  first.catch(() => {}); // awaited below, after the lock
  let unlock: () => Promise<void>;
  try {
    unlock = await locking;
  } catch (err) {
    await first.catch(() => {}); // its thread stops, having opened nothing
    throw err;
  }
  let db: Database | undefined;
  try {
    db = await first;
    if ((await prepare(db)).changed) {
      await db.close();
      db = undefined; // closed already: a failure below must not close it again
      db = await createPgliteInWorker(`${dataDir}/pgdata`);
    }
    const serving = db;
    return {
      ...serving,
      async close() {
        await serving.close();
        await unlock();
      },
    };
  } catch (err) {
    await db?.close().catch(() => {});
    await unlock();
    throw err;
  }
}
