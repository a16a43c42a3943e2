// The embedded server's memory after the load docs/decisions/034 names: 20,000 saves by
// 20 clients, then the history pages at 1 and 20 clients. Measured on a
// server of its own (a fresh data directory), so that nothing else it served
// earlier counts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUp } from './account.ts';
import { options } from './options.ts';
import { oursAt } from './scenarios.ts';
import { startServer, type RunningServer, type StartOptions } from './server-process.ts';

export interface MemoryFigures {
  label: string;
  /** Resident memory once the load is over. */
  rssMiB: number;
  /** The most it held while loaded (sampled twice a second). */
  peakMiB: number;
  savesPerSecond: number;
  failed: number;
}

const SAVE_CLIENTS = 20;
const HISTORY_CLIENTS = [1, 20];

export async function memoryAfterLoad(
  label: string,
  start: StartOptions = {},
): Promise<MemoryFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-memory-'));
  const server = await startServer({ DATA_DIR: dir }, start);
  try {
    return await memoryUnderLoad(server, label);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The load on a server just started on an empty data directory (ours or the peer). */
export async function memoryUnderLoad(
  server: RunningServer,
  label: string,
): Promise<MemoryFigures> {
  let peakMiB = 0;
  const sampler = setInterval(() => {
    server.rssMiB().then(
      (mib) => (peakMiB = Math.max(peakMiB, mib)),
      () => {},
    );
  }, 500);
  try {
    const account = await signUp(server.url);
    const saves = await oursAt(server.url, account, 'save', SAVE_CLIENTS, {
      amount: options.memorySaves,
    });
    let failed = saves.failed;
    for (const workload of ['history', 'filtered'] as const) {
      for (const clients of HISTORY_CLIENTS) {
        failed += (await oursAt(server.url, account, workload, clients)).failed;
      }
    }
    const rssMiB = await server.rssMiB();
    return {
      label,
      rssMiB,
      peakMiB: Math.max(peakMiB, rssMiB),
      savesPerSecond: saves.perSecond,
      failed,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The start commands to measure: BENCH_MEMORY_BEFORE's, if given, then npm start's. */
function variants(): [string, StartOptions][] {
  const npmStart: [string, StartOptions] = ['npm start', {}];
  if (options.memoryBefore === undefined) return [npmStart];
  return [[`before: ${options.memoryBefore}`, { command: options.memoryBefore }], npmStart];
}

/** The memory figure's lines, one per run; with two commands, they take turns. */
export async function memoryNotes(log: (line: string) => void): Promise<string[]> {
  const notes: string[] = [];
  for (let run = 1; run <= options.memoryRuns; run++) {
    const turn = run % 2 === 1 ? variants() : variants().reverse();
    for (const [label, start] of turn) {
      log(
        `pglite: memory after ${options.memorySaves} saves by 20 clients, then history (${label})`,
      );
      const memory = await memoryAfterLoad(label, start);
      notes.push(
        `pglite: server RSS after ${options.memorySaves} saves by 20 clients and history at 1 and 20 ` +
          `clients (${memory.label}, run ${run}): ${memory.rssMiB.toFixed(0)} MiB, at most ` +
          `${memory.peakMiB.toFixed(0)} MiB meanwhile (goal ≤ 400); ` +
          `${memory.savesPerSecond.toFixed(0)} saves/s, ${memory.failed} failed`,
      );
    }
  }
  return notes;
}
