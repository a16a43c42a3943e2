// Measures the Insights tab's one call for someone with years of entries
// (20,000 entries, 40 activities, 30 tags):
// insights(period_days, time_zone) through supabase-js and our real server,
// for every period the tab offers, plus Track's name suggestions.
// For each period, over --runs runs, median and min of:
// - database time: EXPLAIN ANALYZE's Execution Time of the same call as that
//   user, what docs/decisions/047's goal (≤ 100 ms at 20,000 entries) is about;
// - the floor: the same SQL sent straight to the database as that user
//   (node-postgres on PostgreSQL, PGlite's own query call on PGlite), timed
//   around the call, measured in the same loop, so that a loaded machine
//   shows in both and the ratios stay comparable between runs;
// - the supabase.rpc round trip, as a ratio of the floor: what our data API
//   adds on top of the database.
// --against=<file> also creates the insights() of that file (another
// version of server/db/app/functions/insights.sql, e.g. from
// `git show main:server/db/app/functions/insights.sql`) as
// insights_against() and times it in the same loop, turn about, on the same
// rows: a before/after comparison as a ratio of database times.
// --questions also gives the person four questions of their own
// (docs/decisions/085): yes or no and a scale with every entry, a number
// once a day, a number with every entry, answered on most entries (written
// straight onto the typed rows, as derive_entry would): the cost of Your
// questions and of the question columns of the comparisons.
// Usage: node server/scripts/measure-insights.ts [entries=20000] [--runs=15] [--against=<file>]
//        [--questions]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { startTestServer } from '../test/helpers/test-server.ts';
import { seedInsightsJournal } from '../test/helpers/seed-insights-journal.ts';
import { signedInClient } from '../test/helpers/users.ts';
import type { Queryable } from '../src/db/database.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const ACTIVITIES = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20_000);
const RUNS = Number(option('runs') ?? 15);
const AGAINST = option('against');
const QUESTIONS = process.argv.includes('--questions');
const ZONE = 'Europe/Berlin';

const server = await startTestServer();
try {
  const { client, userId } = await signedInClient(server, 'insights');
  const db = server.database.db;
  const seeded = performance.now();
  // Three years: one activity every ~79 minutes, 40 names, 30 tags.
  await seedInsightsJournal(db, userId, ACTIVITIES);
  if (QUESTIONS) {
    const { rows: made } = await db.query<{ id: string }>(
      `INSERT INTO public.questions (owner_id, question, answer_type, asked, unit)
       VALUES ($1, 'Caffeine', 'yes_no', 'entry', NULL), ($1, 'Focus', 'scale', 'entry', NULL),
              ($1, 'Hours slept', 'number', 'day', 'h'), ($1, 'Water', 'number', 'entry', NULL)
       RETURNING id`,
      [userId],
    );
    const [caffeine, focus, slept, water] = made.map((r) => String(r.id));
    await db.query(
      `UPDATE public.activity_entries e
       SET answers = jsonb_strip_nulls(jsonb_build_object(
             $2::text, CASE WHEN x % 10 <> 0 THEN (x % 3 = 0)::text END,
             $3::text, CASE WHEN x % 10 <> 1 THEN (1 + x % 5)::text END,
             $4::text, CASE WHEN x % 4 = 0 THEN (5 + x % 9 / 2.0)::text END,
             $5::text, CASE WHEN x % 10 <> 2 THEN (x % 7)::text END))
       FROM (SELECT created_at, (extract(epoch FROM created_at) / 60)::bigint AS x
             FROM public.activity_entries WHERE user_id = $1) s
       WHERE e.user_id = $1 AND e.created_at = s.created_at`,
      [userId, caffeine, focus, slept, water],
    );
  }
  await db.exec('ANALYZE');
  const { rows: tagged } = await db.query<{ tags: number }>(
    'SELECT count(DISTINCT k)::integer AS tags FROM public.activity_entries, unnest(tag_keys) k',
  );
  console.log(
    `seeded ${ACTIVITIES} activities with ${tagged[0]?.tags} distinct tags in ${Math.round(performance.now() - seeded)} ms`,
  );

  if (AGAINST) {
    const sql = await readFile(AGAINST, 'utf8');
    await db.exec(sql.replaceAll('public.insights(', 'public.insights_against('));
  }

  const round = (ms: number) => Math.round(ms * 10) / 10;
  const median = (times: number[]) =>
    round([...times].sort((a, b) => a - b)[(times.length - 1) >> 1]!);
  const min = (times: number[]) => round(Math.min(...times));
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  async function asUser<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [claims]);
      return work(tx);
    });
  }
  async function databaseTime(fn: string, days: number | null): Promise<number> {
    const { rows } = await asUser((tx) =>
      tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ANALYZE SELECT public.${fn}(${days ?? 'NULL'}, '${ZONE}')`,
      ),
    );
    const line = rows.map((r) => r['QUERY PLAN']).find((l) => l.startsWith('Execution Time'));
    return Number(/([0-9.]+) ms/.exec(line ?? '')?.[1]);
  }

  // The floor: the same statement straight to the database, as the same user.
  let direct: pg.Client | undefined;
  if (server.database.url) {
    direct = new pg.Client({ connectionString: server.database.url });
    await direct.connect();
    await direct.query('SET ROLE authenticated');
    await direct.query("SELECT set_config('request.jwt.claims', $1, false)", [claims]);
  }
  async function straightTime(days: number | null): Promise<number> {
    const sql = 'SELECT public.insights($1, $2)';
    if (direct) {
      const sent = performance.now();
      await direct.query(sql, [days, ZONE]);
      return performance.now() - sent;
    }
    return asUser(async (tx) => {
      const sent = performance.now();
      await tx.query(sql, [days, ZONE]);
      return performance.now() - sent;
    });
  }
  const floorName = direct ? 'node-postgres' : 'PGlite query';

  console.log(
    `${server.database.url ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs each; ms as median / min`,
  );
  for (const days of [7, 30, 90, null]) {
    const label = days === null ? 'all time' : `last ${days} days`;
    const roundTrips: number[] = [];
    const inDatabase: number[] = [];
    const straight: number[] = [];
    const against: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const { data, error } = await client.rpc('insights', { period_days: days, time_zone: ZONE });
      roundTrips.push(performance.now() - started);
      if (error || !data) throw new Error(`${label}: ${error?.message}`);
      inDatabase.push(await databaseTime('insights', days));
      straight.push(await straightTime(days));
      if (AGAINST) against.push(await databaseTime('insights_against', days));
    }
    console.log(
      `insights ${label}: database ${median(inDatabase)} / ${min(inDatabase)}` +
        `, ${floorName} ${median(straight)} / ${min(straight)}` +
        `, supabase.rpc round trip ${median(roundTrips)} / ${min(roundTrips)}` +
        ` (rpc ÷ ${floorName}: median ${ratio(median(roundTrips), median(straight))})` +
        (AGAINST
          ? `; --against database ${median(against)} / ${min(against)}` +
            ` (this ÷ against: median ${ratio(median(inDatabase), median(against))}, min ${ratio(min(inDatabase), min(against))})`
          : ''),
    );
  }
  await direct?.end();

  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const { error } = await client.rpc('activity_suggestions', { max_count: 50 });
    if (error) throw new Error(error.message);
    times.push(performance.now() - started);
  }
  console.log(`activity_suggestions: round trip ${median(times)} / ${min(times)}`);
} finally {
  await server.close();
}
