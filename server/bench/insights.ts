// The Insights tab's one call for someone with years of entries, on the
// embedded default as `npm start` runs it: `insights` through supabase-js
// (the app's rpc, POST with the period and the zone), p50 of ten calls per
// period beside its goal (docs/benchmark.md, "The goals' figures").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { seedInsightsJournal } from '../test/helpers/seed-insights-journal.ts';
import { signUp } from './account.ts';
import type { GoalRow } from './goals.ts';
import { startServer } from './server-process.ts';

const CALLS = 10;
const ZONE = 'Europe/Berlin';
const PERIODS = [
  { name: 'All time', days: null, goalMs: 500 },
  { name: 'Last 30 days', days: 30, goalMs: 200 },
];

const median = (xs: number[]) => {
  const sorted = xs.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function insightsGoals(
  activities: number,
  log: (line: string) => void,
): Promise<GoalRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-insights-'));
  try {
    const first = await startServer({ DATA_DIR: dir });
    const account = await signUp(first.url);
    await first.stop();
    log(`insights: seeding ${activities} activities with names and tags`);
    const seeding = await createPgliteDatabase(join(dir, 'pgdata'));
    await seedInsightsJournal(seeding, account.userId, activities);
    // The statistics the embedded server keeps fresh by itself (ADR 049).
    await seeding.exec('ANALYZE');
    await seeding.close();

    const server = await startServer({ DATA_DIR: dir });
    try {
      const client = createClient(server.url, account.anonKey, {
        accessToken: async () => account.accessToken,
      });
      const call = async (days: number | null) => {
        const sent = performance.now();
        const { data, error } = await client.rpc('insights', {
          period_days: days,
          time_zone: ZONE,
        });
        if (error || !data) throw new Error(`insights(${days}): ${error?.message}`);
        return performance.now() - sent;
      };
      // One call each first: the first of a shape plans its statements.
      for (const { days } of PERIODS) await call(days);
      const times = PERIODS.map(() => [] as number[]);
      // The periods take turns, so that the machine's other load meets both.
      for (let i = 0; i < CALLS; i++) {
        for (const [p, { days }] of PERIODS.entries()) times[p]!.push(await call(days));
      }
      return PERIODS.map(({ name, goalMs }, p) => {
        const figure = Math.round(median(times[p]!));
        return {
          name: `Insights, ${name}, ${activities} entries (p50 of ${CALLS})`,
          figure,
          unit: 'ms',
          goal: `≤ ${goalMs} ms`,
          met: figure <= goalMs,
        };
      });
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
