import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  usingRealPostgres,
  type TestDatabase,
} from './helpers/test-database.ts';

// A save's cost must not depend on fresh planner statistics (issue 21): on
// PostgreSQL with autovacuum off, or lagging behind a burst of writes, the
// statistics still describe an empty journal when a person has 20,000
// entries. Every statement a save runs, its triggers' included, must then
// still reach the grown tables through an index. PostgreSQL's auto_explain
// hands us the plan of each of them, nested ones too, as it runs.
// The embedded database refreshes its statistics itself
// (statistics-refresh.test.ts) and has no auto_explain.

const ENTRIES = 20_000;
const OTHER_PEOPLE = 2_000;
// Fixed, tiny tables the migrations fill: a scan of them is their cheapest read.
const SMALL_TABLES = new Set(['questions', 'pages']);

let database: TestDatabase;
let client: pg.Client;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  client = new pg.Client({ connectionString: url.href });
  await client.connect();
  const person = await client.query<{ id: string }>(
    `INSERT INTO auth.users (id, email) VALUES (gen_random_uuid(), 'grown@example.com') RETURNING id`,
  );
  userId = person.rows[0]?.id ?? '';
  // Statistics taken while the journal is empty, and never again.
  await client.query('ANALYZE');
  await client.query(
    `INSERT INTO auth.users (id, email)
     SELECT gen_random_uuid(), 'other' || i || '@example.com' FROM generate_series(1, $1::int) i`,
    [OTHER_PEOPLE],
  );
  await client.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     SELECT $1, q.id,
            CASE q.question WHEN 'Activity Description' THEN 'Activity ' || i
                            WHEN 'Flow State' THEN 'false' ELSE '50' END,
            now() - make_interval(mins => i)
     FROM generate_series(1, $2::int) AS i CROSS JOIN public.questions q
     JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'
     WHERE q.active`,
    [userId, ENTRIES],
  );
}, 120_000);

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

/**
 * The plans of every statement one save runs, as the data API sends the Track
 * tab's: an upsert of the entry's answers under its key (ADR 035).
 */
async function plansOfOneSave(entryKey: string): Promise<string[]> {
  const plans: string[] = [];
  const keep = (notice: { message?: string }) => plans.push(notice.message ?? '');
  client.on('notice', keep);
  try {
    await client.query('BEGIN');
    await client.query(`LOAD 'auto_explain'`);
    await client.query('SET LOCAL auto_explain.log_min_duration = 0');
    await client.query('SET LOCAL auto_explain.log_nested_statements = on');
    await client.query('SET LOCAL auto_explain.log_level = notice');
    await client.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: 'authenticated' }),
    ]);
    await client.query('SET LOCAL ROLE authenticated');
    await client.query(
      `INSERT INTO public.user_answers (user_id, question_id, answer, entry_key)
       SELECT $1, q.id, CASE q.question WHEN 'Activity Description' THEN 'A new one'
                                        WHEN 'Flow State' THEN 'true' ELSE '70' END, $2
       FROM public.questions q
       JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'
       WHERE q.active
       ON CONFLICT (user_id, entry_key, question_id) DO NOTHING`,
      [userId, entryKey],
    );
    await client.query('COMMIT');
  } finally {
    client.off('notice', keep);
  }
  return plans;
}

describe.skipIf(!usingRealPostgres)('the plans of a save with stale statistics', () => {
  it('reach the journal, the entries and the accounts through indexes only', async () => {
    const { rows } = await client.query<{ reltuples: number }>(
      `SELECT reltuples FROM pg_class WHERE oid = 'public.user_answers'::regclass`,
    );
    expect(Number(rows[0]?.reltuples)).toBeLessThan(100);

    // The first send, then the same entry sent again (its key now found).
    const entryKey = randomUUID();
    const plans = [...(await plansOfOneSave(entryKey)), ...(await plansOfOneSave(entryKey))];
    const text = plans.join('\n');
    // The time trigger finds a key through the index that makes it unique.
    expect(text).toMatch(/Index Cond: \(\(user_id = \S+\) AND \(entry_key = /);
    // The statements that touch the grown tables were seen at all, reaching
    // them through an index (a bitmap heap scan is driven by one too: the
    // planner picks it when a restrictive policy adds a filter).
    const throughAnIndex = (table: string) =>
      new RegExp(`Index (Only )?Scan using \\w+ on ${table}|Bitmap Heap Scan on ${table}`);
    expect(text).toMatch(throughAnIndex('user_answers'));
    expect(text).toMatch(throughAnIndex('activity_entries'));
    const fullScans = [...text.matchAll(/Seq Scan on (\w+)/g)]
      .map((match) => match[1] ?? '')
      .filter((table) => !SMALL_TABLES.has(table));
    expect(fullScans, text).toEqual([]);
  });
});
