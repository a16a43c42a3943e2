// Measures the first screen of Look Back for someone with years of entries:
// the newest page of 50 from the `activities` view, through supabase-js and
// our real server, unfiltered and filtered.
// Usage: node server/scripts/measure-history.ts [activities=11000]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { startTestServer } from '../test/helpers/test-server.ts';
import { seedHistory } from '../test/helpers/seed-history.ts';
import { signedInClient } from '../test/helpers/users.ts';

const ACTIVITIES = Number(process.argv[2] ?? 11_000);
const PAGE_SIZE = 50;
const RUNS = 15;

const server = await startTestServer();
try {
  const { client, userId } = await signedInClient(server, 'history');
  const seeded = performance.now();
  await seedHistory(server.database.db, userId, ACTIVITIES);
  console.log(
    `seeded ${ACTIVITIES} activities (${ACTIVITIES * 5} answer rows) in ${Math.round(performance.now() - seeded)} ms`,
  );

  // A cursor halfway back in time, as infinite scroll would hold after many pages.
  const { data: middle } = await client
    .from('activities')
    .select('created_at')
    .order('created_at', { ascending: false })
    .range(ACTIVITIES / 2, ACTIVITIES / 2);
  const cursor = middle![0]!.created_at as string;

  /** Look Back's page query: every column, newest first. */
  const newestFirst = () =>
    client.from('activities').select('*').order('created_at', { ascending: false });
  const cases = {
    'newest 50, no filter': () => newestFirst().range(0, PAGE_SIZE - 1),
    'newest 50, energy>=60, engagement>=40, flow only': () =>
      newestFirst()
        .gte('energy', 60)
        .gte('engagement', 40)
        .eq('flow_state', true)
        .range(0, PAGE_SIZE - 1),
    'keyset page halfway back (created_at < cursor)': () =>
      newestFirst().lt('created_at', cursor).limit(PAGE_SIZE),
    'page 20 (offset 950)': () => newestFirst().range(950, 999),
  };
  for (const [name, run] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { data, error } = await run();
      times.push(performance.now() - started);
      if (error || data?.length !== PAGE_SIZE)
        throw new Error(`${name}: ${error?.message ?? data?.length}`);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))]!);
    console.log(`${name}: median ${p(0.5)} ms, p90 ${p(0.9)} ms over ${RUNS} runs`);
  }
} finally {
  await server.close();
}
