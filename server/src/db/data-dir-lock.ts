import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const LOCK_FILE = 'server.pid';

export class DataDirInUseError extends Error {}

/**
 * PGlite is one process's database: a second server on the same DATA_DIR
 * would write the same files and corrupt them. The first server leaves its
 * pid here; a later one refuses to start while that process lives.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => unlink(path).catch(() => {});
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(
        `it is in use by another Energy Tracker server (pid ${holder}); ` +
          `stop that one first or choose another DATA_DIR (if no such server runs, delete ${path})`,
      );
    }
    // Left behind by a server that did not stop cleanly: take it over.
    await unlink(path).catch(() => {});
  }
  throw new DataDirInUseError(`could not lock DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
