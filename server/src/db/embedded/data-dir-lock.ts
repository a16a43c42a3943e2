import { readFileSync } from 'node:fs';
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
 * pid here, with the time its process started where the system tells it
 * (Linux), so that a pid since reused by an unrelated process does not count;
 * a later one refuses to start while that process lives. Returns the
 * function that releases the lock.
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
      await writeFile(lock, ourLockLine(), { mode: 0o600 });
      return release;
    } finally {
      await unlink(takeover).catch(() => {});
    }
  }
  throw new DataDirInUseError(`could not lock ${lock}`);
}

/** What a lock file says of its holder: "pid" or "pid start-time". */
const ourLockLine = () =>
  `${[process.pid, processStartTime(process.pid)].filter((v) => v !== undefined).join(' ')}\n`;

async function createExclusive(path: string): Promise<boolean> {
  try {
    await writeFile(path, ourLockLine(), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

interface Holder {
  pid: number;
  /** Absent in files written before start times were kept, or off Linux. */
  startTime: string | undefined;
}

async function holderOf(lock: string): Promise<Holder | undefined> {
  const [pidText, startTime] = (await readFile(lock, 'utf8').catch(() => '')).trim().split(' ');
  const pid = Number(pidText);
  return Number.isInteger(pid) && pid > 0 ? { pid, startTime } : undefined;
}

function refuseIfHeld(lock: string, holder: Holder | undefined) {
  if (holder !== undefined && holder.pid !== process.pid && isRunning(holder)) {
    throw new DataDirInUseError(
      `it is in use by another Energy Tracker server (pid ${holder.pid}); stop that one first ` +
        `or choose another DATA_DIR (if no such server runs, delete ${lock})`,
    );
  }
}

async function removeIfOlderThan(path: string, ms: number) {
  const info = await stat(path).catch(() => undefined);
  if (info && Date.now() - info.mtimeMs > ms) await unlink(path).catch(() => {});
}

/** The holder's process, not another that was given its pid after it died. */
function isRunning({ pid, startTime }: Holder): boolean {
  if (!isAlive(pid)) return false;
  const now = processStartTime(pid);
  return startTime === undefined || now === undefined || now === startTime;
}

/**
 * When the process started, in clock ticks since boot (field 22 of
 * /proc/PID/stat); undefined where there is no /proc.
 */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
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
