// Ours against the peer a self-hoster would pick instead (docs/benchmark.md,
// "The peer"): the embedded default and @supabase/lite on SQLite, each on a
// journal of BENCH_ACTIVITIES entries, sent the same save and history pages
// at each client count, one right after the other; then each one's memory
// after the memory goal's load on a fresh data directory.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { signUp, type Account } from './account.ts';
import type { GoalRow } from './goals.ts';
import type { LoadResult } from './load.ts';
import { memoryAfterLoad, memoryUnderLoad, type MemoryFigures } from './memory.ts';
import { options } from './options.ts';
import {
  ensurePeerInstalled,
  peerEntries,
  peerSecret,
  seedPeer,
  startPeer,
} from './peer-process.ts';
import { oursAt, type Workload } from './scenarios.ts';
import { activityCount, brokenActivities, seed } from './seed.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { warmUntilSettled, warmUpNote } from './warm-up.ts';

export interface RaceRow {
  workload: Workload;
  clients: number;
  ours: LoadResult;
  peer: LoadResult;
  /** CPU milliseconds each process spent per request it answered, all its threads. */
  oursCpuMs: number;
  peerCpuMs: number;
}

interface Run {
  load: LoadResult;
  cpuMsPerRequest: number;
}

interface Contender {
  server: RunningServer;
  account: Account;
  /** The person's entries and broken entries, read with the server stopped. */
  count(): Promise<{ entries: number; broken: number }>;
  dispose(): Promise<void>;
}

/** Our embedded server on a journal grown with it stopped. */
async function oursGrown(): Promise<Contender> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-race-ours-'));
  const first = await startServer({ DATA_DIR: dir });
  const account = await signUp(first.url);
  await first.stop();
  const seeding = await createPgliteDatabase(join(dir, 'pgdata'));
  await seed(seeding, account.userId, options.activities);
  await seeding.close();
  const server = await startServer({ DATA_DIR: dir });
  return {
    server,
    account,
    async count() {
      const db = await createPgliteDatabase(join(dir, 'pgdata'));
      try {
        return {
          entries: await activityCount(db, account.userId),
          broken: await brokenActivities(db, account.userId),
        };
      } finally {
        await db.close();
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The peer on the same journal, grown the same way. */
async function peerGrown(secret: string): Promise<Contender> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-race-peer-'));
  const first = await startPeer(dir, secret);
  const account = await signUp(first.url);
  await first.stop();
  seedPeer(dir, account.userId, options.activities);
  const server = await startPeer(dir, secret);
  return {
    server,
    account,
    count: async () => peerEntries(dir, account.userId),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface RaceResult {
  rows: RaceRow[];
  goals: GoalRow[];
  notes: string[];
}

export async function raceThePeer(log: (line: string) => void): Promise<RaceResult> {
  ensurePeerInstalled();
  const secret = peerSecret();
  log(`peer: both journals grown to ${options.activities} entries`);
  const ours = await oursGrown();
  const peer = await peerGrown(secret);
  const rows: RaceRow[] = [];
  const warmUps: string[] = [];
  try {
    // A warm-up of each first (warm-up.ts): the figures then count neither
    // one's compiling nor their first reads of the journal.
    for (const [who, c] of [['ours', ours] as const, ['the peer', peer] as const]) {
      warmUps.push(warmUpNote(who, await warmUntilSettled(c.server, c.account)));
    }
    for (const workload of ['save', 'history', 'filtered'] as const) {
      for (const [i, clients] of options.clients.entries()) {
        log(`peer: ${workload} at ${clients} clients, ours and the peer`);
        // Turns alternate, so that neither always runs second on a busy machine.
        const run = async (c: Contender): Promise<Run> => {
          const before = await c.server.cpuMs();
          const load = await oursAt(c.server.url, c.account, workload, clients);
          const used = (await c.server.cpuMs()) - before;
          return { load, cpuMsPerRequest: used / Math.max(1, load.total) };
        };
        const first = i % 2 === 0 ? await run(ours) : await run(peer);
        const second = i % 2 === 0 ? await run(peer) : await run(ours);
        const [o, p] = i % 2 === 0 ? [first, second] : [second, first];
        rows.push({
          workload,
          clients,
          ours: o.load,
          peer: p.load,
          oursCpuMs: o.cpuMsPerRequest,
          peerCpuMs: p.cpuMsPerRequest,
        });
      }
    }
  } finally {
    await ours.server.stop();
    await peer.server.stop();
  }
  const counts = { ours: await ours.count(), peer: await peer.count() };
  await ours.dispose();
  await peer.dispose();

  log(`peer: memory after ${options.memorySaves} saves by 20 clients, then history, each`);
  const oursMemory = await memoryAfterLoad('ours');
  const peerMemory = await peerMemoryAfterLoad(secret);
  return {
    rows,
    goals: raceGoals(rows, oursMemory, peerMemory),
    notes: [
      ...warmUps,
      `peer: after the race, ours ${counts.ours.entries} entries (${counts.ours.broken} without all five answers), ` +
        `the peer ${counts.peer.entries} (${counts.peer.broken})`,
      memoryNote('ours', oursMemory),
      memoryNote('the peer', peerMemory),
    ],
  };
}

async function peerMemoryAfterLoad(secret: string): Promise<MemoryFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-race-peer-memory-'));
  const server = await startPeer(dir, secret);
  try {
    return await memoryUnderLoad(server, 'the peer');
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const memoryNote = (who: string, m: MemoryFigures) =>
  `peer: ${who}: RSS ${m.rssMiB.toFixed(0)} MiB after the memory load (at most ${m.peakMiB.toFixed(0)} MiB), ` +
  `${m.savesPerSecond.toFixed(0)} saves/s, ${m.failed} failed`;

const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

/**
 * Ours ÷ the peer's saves per second to meet at every client count: a lead
 * that a two-core machine's noise (a tenth between runs) cannot take away.
 */
const SAVES_LEAD = 1.2;

/** The race's goals: saves a fifth faster at every client count, no slower p50, and less memory. */
function raceGoals(rows: RaceRow[], ours: MemoryFigures, peer: MemoryFigures): GoalRow[] {
  const goals: GoalRow[] = [];
  for (const row of rows.filter((r) => r.workload === 'save')) {
    const thru = ratio(row.ours.perSecond, row.peer.perSecond);
    const p50 = ratio(row.ours.p50, row.peer.p50);
    const clean = row.ours.failed === 0 && row.peer.failed === 0;
    goals.push(
      {
        name: `saves/s, ours ÷ the peer, ${row.clients} clients`,
        figure: thru,
        unit: '×',
        goal: `≥ ${SAVES_LEAD.toFixed(1)}× and none failed`,
        met: thru >= SAVES_LEAD && clean,
      },
      {
        name: `save p50, ours ÷ the peer, ${row.clients} clients`,
        figure: p50,
        unit: '×',
        goal: '≤ 1.0×',
        met: p50 <= 1,
      },
    );
  }
  goals.push({
    name: 'RSS after the memory load, ours',
    figure: Math.round(ours.rssMiB),
    unit: 'MiB',
    goal: `≤ the peer's (${Math.round(peer.rssMiB)} MiB) and ≤ 300 MiB`,
    met: ours.rssMiB <= peer.rssMiB && ours.rssMiB <= 300,
  });
  return goals;
}
