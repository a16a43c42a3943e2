import { readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const LOCK_FILE = 'server.pid';
// Taking over a stale lock happens under this second lock, so that two
// servers finding the same stale pid cannot both win.
const TAKEOVER_FILE = 'server.pid.takeover';
const TAKEOVER_STALE_MS = 30_000;
const ATTEMPTS = 50;

export class DataDirInUseError extends Error {}

/**
 * PGlite is one process's database: a second server on the same DATA_DIR
 * would write the same files and corrupt them. The first server leaves its
 * pid here; a later one refuses to start while that process lives. Returns
 * the function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lock = join(dataDir, LOCK_FILE);
  const release = () => unlink(lock).catch(() => {});
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await createExclusive(lock)) return release;
    refuseIfHeld(lock, await holderOf(lock));

    const takeover = join(dataDir, TAKEOVER_FILE);
    if (!(await createExclusive(takeover))) {
      await removeIfOlderThan(takeover, TAKEOVER_STALE_MS);
      await sleep(20 + Math.random() * 30);
      continue;
    }
    try {
      // Under the takeover lock nobody else replaces the file, but it may
      // have gone (released) or changed hands since we looked: look again.
      if (await createExclusive(lock)) return release;
      refuseIfHeld(lock, await holderOf(lock));
      await writeFile(lock, `${process.pid}\n`, { mode: 0o600 });
      return release;
    } finally {
      await unlink(takeover).catch(() => {});
    }
  }
  throw new DataDirInUseError(`could not lock ${lock}`);
}

async function createExclusive(path: string): Promise<boolean> {
  try {
    await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

async function holderOf(lock: string): Promise<number | undefined> {
  const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function refuseIfHeld(lock: string, holder: number | undefined) {
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new DataDirInUseError(
      `it is in use by another Energy Tracker server (pid ${holder}); stop that one first ` +
        `or choose another DATA_DIR (if no such server runs, delete ${lock})`,
    );
  }
}

async function removeIfOlderThan(path: string, ms: number) {
  const info = await stat(path).catch(() => undefined);
  if (info && Date.now() - info.mtimeMs > ms) await unlink(path).catch(() => {});
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
