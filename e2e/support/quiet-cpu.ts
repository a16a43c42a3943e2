import { readFile } from 'node:fs/promises';

interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's CPU time so far, from the first line of Linux's /proc/stat. */
async function cpuTimes(): Promise<CpuTimes | undefined> {
  const stat = await readFile('/proc/stat', 'utf8').catch(() => undefined);
  const fields = stat?.split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5 || fields.some(Number.isNaN)) return undefined;
  // user nice system idle iowait irq softirq steal: idle and iowait are unused CPU.
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { idle, total: fields.reduce((sum, n) => sum + n, 0) };
}

export interface QuietCpu {
  /** Share of all cores unused over the last window, 0 to 1 (1 where it cannot be read). */
  idleShare: number;
  /** How long it waited for the machine to be quiet. */
  waitedMs: number;
}

/**
 * Waits until the cores were at least `idleShare` unused over a whole window,
 * or until `timeoutMs`, and says how quiet the last window was. A measurement
 * of the page's own main-thread time (Lighthouse multiplies it by four) should
 * not start while the last test file's servers and browsers are still winding
 * down. Without /proc/stat (not Linux) it returns at once.
 */
export async function waitForQuietCpu({
  idleShare = 0.85,
  windowMs = 1000,
  timeoutMs = 30_000,
} = {}): Promise<QuietCpu> {
  const started = Date.now();
  let before = await cpuTimes();
  if (!before) return { idleShare: 1, waitedMs: 0 };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const after = await cpuTimes();
    if (!after) return { idleShare: 1, waitedMs: Date.now() - started };
    const share = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    const waitedMs = Date.now() - started;
    if (share >= idleShare || waitedMs >= timeoutMs) return { idleShare: share, waitedMs };
    before = after;
  }
}
