// Measures the Insights tab's one call for someone with years of entries:
// insights(period_days, time_zone) through supabase-js and our real server,
// for every period the tab offers, plus Track's name suggestions.
// Server time is read from the database itself (EXPLAIN ANALYZE of the same
// call as that user), the round trip from the client.
// Usage: node server/scripts/measure-insights.ts [activities=20000]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { startTestServer } from '../test/helpers/test-server.ts';
import { signedInClient } from '../test/helpers/users.ts';

const ACTIVITIES = Number(process.argv[2] ?? 20_000);
const RUNS = 15;
const ZONE = 'Europe/Berlin';
const NAMES = 40;

const server = await startTestServer();
try {
  const { client, userId } = await signedInClient(server, 'insights');
  const db = server.database.db;
  const seeded = performance.now();
  // Three years: one activity every ~79 minutes, 40 names in varied spellings.
  await db.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     SELECT $1, q.id,
            CASE q.question
              WHEN 'Activity Description' THEN
                CASE WHEN i % 7 = 0 THEN 'activity ' || (i % $3) ELSE 'Activity ' || (i % $3) END
              WHEN 'Energy Level' THEN ((i % $3) * 2 + (i * 37) % 21)::text
              WHEN 'Engagement Level' THEN ((i * 53) % 101)::text
              WHEN 'Flow State' THEN (i % 3 = 0)::text
              ELSE 'Notes for ' || i
            END,
            now() - make_interval(mins => i * 79)
     FROM generate_series(1, $2::int) AS i
     CROSS JOIN public.questions q
     JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'`,
    [userId, ACTIVITIES, NAMES],
  );
  await db.exec('ANALYZE');
  console.log(`seeded ${ACTIVITIES} activities in ${Math.round(performance.now() - seeded)} ms`);

  const percentile = (times: number[], q: number) =>
    Math.round([...times].sort((a, b) => a - b)[Math.floor(q * (times.length - 1))]! * 10) / 10;

  async function serverTime(sql: string): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: userId, role: 'authenticated' }),
      ]);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ${sql}`);
      const line = rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
      return Number(/([0-9.]+) ms/.exec(line ?? '')?.[1]);
    });
  }

  for (const days of [7, 30, 90, null]) {
    const label = days === null ? 'all time' : `last ${days} days`;
    const roundTrips: number[] = [];
    const inDatabase: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { data, error } = await client.rpc('insights', { period_days: days, time_zone: ZONE });
      roundTrips.push(performance.now() - started);
      if (error || !data) throw new Error(`${label}: ${error?.message}`);
      inDatabase.push(await serverTime(`SELECT public.insights(${days ?? 'NULL'}, '${ZONE}')`));
    }
    console.log(
      `insights ${label}: database median ${percentile(inDatabase, 0.5)} ms (p90 ${percentile(inDatabase, 0.9)}), ` +
        `supabase.rpc round trip median ${percentile(roundTrips, 0.5)} ms (p90 ${percentile(roundTrips, 0.9)})`,
    );
  }

  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const { error } = await client.rpc('activity_suggestions', { max_count: 50 });
    if (error) throw new Error(error.message);
    times.push(performance.now() - started);
  }
  console.log(`activity_suggestions: round trip median ${percentile(times, 0.5)} ms`);
} finally {
  await server.close();
}
