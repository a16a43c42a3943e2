// Measures Look Back's Tag filter and search (docs/decisions/038)
// in the database, for one person with 20,000 tagged entries among other
// people's: each page of 50 as the app asks for it (the rpc search_entries),
// and for comparison the same filters on the `activities` view under
// row-level security (which cannot use the GIN indexes, see the ADR), run as
// the signed-in role, timed by EXPLAIN ANALYZE ("Execution Time"), best and
// median of several runs (--plans prints the plan of the last run).
// Usage: node server/scripts/measure-search.ts [entries=20000] [--plans]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { createTestDatabase } from '../test/helpers/test-database.ts';

const ENTRIES = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20_000);
const SHOW_PLANS = process.argv.includes('--plans');
const OTHER_PEOPLE = 5;
const OTHER_ENTRIES = 4_000;
const TAGS = 30;
const RUNS = 9;

// Notes of eight words from a vocabulary of 400 made-up words, so that some
// words are in many notes and most in few, like a real journal.
const SEED_SQL = `
INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
SELECT $1, q.id,
       CASE q.question
         WHEN 'Activity Description' THEN (ARRAY['Morning walk', 'Deep work', 'Lunch with friends',
           'Evening run', 'Reading', 'Cooking dinner', 'Team meeting', 'Gardening'])[1 + i % 8]
         WHEN 'Energy Level' THEN ((i * 37) % 101)::text
         WHEN 'Engagement Level' THEN ((i * 53) % 101)::text
         WHEN 'Flow State' THEN (i % 3 = 0)::text
         WHEN 'Activity Notes' THEN (
           SELECT string_agg('w' || ((i * 7919 + k * k * 104729) % 400)::text
                                 || CASE WHEN k = 1 THEN 'common' ELSE '' END, ' ')
           FROM generate_series(1, 8) AS k)
         WHEN 'Tags' THEN (
           -- 0 to 3 tags: tag0 on about half the entries, the rest spread out.
           SELECT coalesce(jsonb_agg(DISTINCT t), '[]')::text
           FROM (SELECT 'tag' || CASE WHEN k = 1 AND i % 2 = 0 THEN 0
                                       ELSE 1 + (i * 31 + k * 17) % ($3::int - 1) END AS t
                 FROM generate_series(1, i % 4) AS k) tags)
       END,
       now() - make_interval(mins => i * 53)
FROM generate_series(1, $2::int) AS i
CROSS JOIN public.questions q
JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')`;

const database = await createTestDatabase();
const { db } = database;
try {
  const people: string[] = [];
  for (let n = 0; n <= OTHER_PEOPLE; n++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO auth.users (id, email) VALUES (gen_random_uuid(), gen_random_uuid() || '@example.com')
       RETURNING id`,
    );
    people.push(rows[0]!.id);
  }
  const [person, ...others] = people as [string, ...string[]];
  const seeded = performance.now();
  await db.query(SEED_SQL, [person, ENTRIES, TAGS]);
  for (const other of others) await db.query(SEED_SQL, [other, OTHER_ENTRIES, TAGS]);
  await db.exec('ANALYZE');
  const { rows: counted } = await db.query<{ entries: number; tagged: number }>(
    `SELECT count(*)::int AS entries, count(*) FILTER (WHERE tags <> '{}')::int AS tagged
     FROM public.activity_entries WHERE user_id = $1`,
    [person],
  );
  console.log(
    `${process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'}: seeded ${counted[0]!.entries} entries ` +
      `(${counted[0]!.tagged} tagged, ${TAGS} tags) for the person and ${OTHER_PEOPLE} × ${OTHER_ENTRIES} ` +
      `for others in ${Math.round(performance.now() - seeded)} ms`,
  );
  const { rows: middle } = await db.query<{ at: string }>(
    `SELECT created_at::text AS at FROM public.activity_entries WHERE user_id = $1
     ORDER BY created_at DESC OFFSET $2 LIMIT 1`,
    [person, Math.floor(ENTRIES / 2)],
  );
  const halfway = middle[0]!.at;

  const page = (where: string) =>
    `SELECT created_at, activity, energy, engagement, flow_state, notes, tags
     FROM public.activities WHERE user_id = $1 AND ${where}
     ORDER BY created_at DESC LIMIT 50`;
  const rpc = (args: string) => `SELECT * FROM public.search_entries(${args})`;
  // The view's text search as the Look Back search box asked it: the words in $2.
  const search = (andAlso = '') => page(`search @@ to_tsquery('simple', $2)${andAlso}`);
  const cases: Record<string, { sql: string; params: string[] }> = {
    'rpc: Tag filter, a tag on half the entries': { sql: rpc('tag => $1'), params: ['TAG0'] },
    'rpc: Tag filter, a tag on 1 in 60': { sql: rpc('tag => $1'), params: ['tag7'] },
    'rpc: Tag filter, a tag nobody used': { sql: rpc('tag => $1'), params: ['tag99'] },
    'rpc: search a word in 50 entries': { sql: rpc('words => $1'), params: ['w3common '] },
    'rpc: search a word in 350 entries': { sql: rpc('words => $1'), params: ['w123 '] },
    'rpc: search an activity word (1 in 8), typed': { sql: rpc('words => $1'), params: ['walk'] },
    'rpc: search a 2-letter prefix (w1…)': { sql: rpc('words => $1'), params: ['w1'] },
    'rpc: search a 1-letter prefix (w…)': { sql: rpc('words => $1'), params: ['w'] },
    'rpc: search two words, the last a prefix': { sql: rpc('words => $1'), params: ['walk w12'] },
    'rpc: search + Tag + energy ≥ 50': {
      sql: rpc('words => $1, tag => $2, min_energy => 50'),
      params: ['run', 'tag0'],
    },
    'rpc: search, keyset page halfway back': {
      sql: rpc('words => $1, before_time => $2'),
      params: ['w3common ', halfway],
    },
    'rpc: search a word nobody wrote': { sql: rpc('words => $1'), params: ['nothing'] },
    'view: Tag filter, a tag on half the entries': {
      sql: page('tag_keys @> $2::text[]'),
      params: ['{tag0}'],
    },
    'view: Tag filter, a tag on 1 in 60': {
      sql: page('tag_keys @> $2::text[]'),
      params: ['{tag7}'],
    },
    'view: search one common word': { sql: search(), params: ['w3common'] },
    'view: search a rare word': { sql: search(), params: ['w123'] },
    'view: search a prefix of 2 letters (w1:*)': { sql: search(), params: ['w1:*'] },
    'view: search two words, the last a prefix': { sql: search(), params: ['walk & w12:*'] },
    'view: search an activity word + Tag + energy ≥ 50': {
      sql: search(' AND tag_keys @> $3::text[] AND energy >= 50'),
      params: ['run:*', '{tag0}'],
    },
    'view: search, keyset page halfway back': {
      sql: search(' AND created_at < $3::timestamptz'),
      params: ['w3common', halfway],
    },
    'view: search a word nobody wrote': { sql: search(), params: ['nothing:*'] },
  };

  for (const [name, { sql, params }] of Object.entries(cases)) {
    const times: number[] = [];
    let plan = '';
    let rowsOut = 0;
    for (let run = 0; run < RUNS; run++) {
      await db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: person, role: 'authenticated' }),
        ]);
        await tx.query('SET LOCAL ROLE authenticated');
        const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
          sql.includes('$1') && !sql.includes('search_entries') ? [person, ...params] : params,
        );
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)![1]));
        rowsOut = Number(
          /^(?:Limit|Function Scan).*actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/m.exec(plan)?.[1] ?? 0,
        );
      });
    }
    times.sort((a, b) => a - b);
    console.log(
      `${name}: ${rowsOut} rows, best ${times[0]!.toFixed(2)} ms, median ${times[Math.floor(RUNS / 2)]!.toFixed(2)} ms`,
    );
    if (SHOW_PLANS) console.log(plan.replace(/^/gm, '    '));
  }

  const suggestions = await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: person, role: 'authenticated' }),
    ]);
    await tx.query('SET LOCAL ROLE authenticated');
    const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ANALYZE SELECT * FROM public.tag_suggestions('', 50)`,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  console.log(`tag_suggestions('', 50): ${/Execution Time: ([\d.]+ ms)/.exec(suggestions)![1]}`);
} finally {
  await database.drop();
}
