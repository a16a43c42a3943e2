// BENCH_SOAK_MINUTES=N: the embedded server under mixed saves and history
// reads at a moderate, steady rate for N minutes, its memory sampled, to see
// whether it levels off (docs/benchmark.md: no growth beyond 5% over the last half).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { signUp } from './account.ts';
import { options } from './options.ts';
import { oursAt, type Workload } from './scenarios.ts';
import { seed } from './seed.ts';
import { startServer } from './server-process.ts';

/** Requests per second of each kind: a busy household, not a stress test. */
const MODERATE: Record<Workload, { clients: number; perSecond: number }> = {
  save: { clients: 4, perSecond: 40 },
  history: { clients: 2, perSecond: 20 },
  filtered: { clients: 2, perSecond: 20 },
};
const SAMPLE_EVERY_MS = 5000;
/** The most the last half may grow over its start. */
const FLAT = 0.05;

export async function soak(minutes: number): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-soak-'));
  try {
    // The person comes from a first start; the journal is grown with the
    // server stopped, then the soak starts on a journal of years.
    const first = await startServer({ DATA_DIR: dir });
    const account = await signUp(first.url);
    await first.stop();
    const db = await createPgliteDatabase(join(dir, 'pgdata'));
    await seed(db, account.userId, options.activities);
    await db.close();

    const server = await startServer({ DATA_DIR: dir });
    console.log(`· pglite: soak, ${minutes} min of mixed saves and history reads`);
    const samples: { atMs: number; mib: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      server.rssMiB().then(
        (mib) => samples.push({ atMs: Date.now() - started, mib }),
        () => {},
      );
    }, SAMPLE_EVERY_MS);
    try {
      const loads = await Promise.all(
        (Object.keys(MODERATE) as Workload[]).map((workload) =>
          oursAt(
            server.url,
            account,
            workload,
            MODERATE[workload].clients,
            { perSecond: MODERATE[workload].perSecond },
            minutes * 60,
          ),
        ),
      );
      samples.push({ atMs: Date.now() - started, mib: await server.rssMiB() });
      return describe(minutes, samples, loads);
    } finally {
      clearInterval(sampler);
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function describe(
  minutes: number,
  samples: { atMs: number; mib: number }[],
  loads: { total: number; failed: number }[],
): string[] {
  const halfMs = (minutes * 60 * 1000) / 2;
  const lastHalf = samples.filter((s) => s.atMs >= halfMs);
  const atHalf = lastHalf[0]?.mib ?? NaN;
  const maxLater = Math.max(...lastHalf.map((s) => s.mib));
  const growth = (maxLater - atHalf) / atHalf;
  const mib = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(0));
  const requests = loads.reduce((a, l) => a + l.total, 0);
  const failed = loads.reduce((a, l) => a + l.failed, 0);
  return [
    `pglite soak, ${minutes} min, ${requests} requests (${failed} failed): RSS ` +
      `${mib(samples[0]?.mib)} MiB at start, ${mib(atHalf)} at half time, ` +
      `${mib(samples.at(-1)?.mib)} at the end, at most ${mib(maxLater)} in the last half: ` +
      `${(growth * 100).toFixed(1)}% growth over the last half ` +
      `(${growth <= FLAT ? 'flat' : 'GROWING'}: goal ≤ ${FLAT * 100}%)`,
  ];
}
