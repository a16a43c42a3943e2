import { afterEach, describe, expect, it } from 'vitest';
import { LARGE_CHANGE_ROWS, refreshStatisticsPeriodically } from '../src/db/statistics.ts';
import {
  createTestDatabase,
  type TestDatabase,
  usingRealPostgres,
} from './helpers/test-database.ts';

// The embedded database has no autovacuum: after a large change (an import)
// the server refreshes planner statistics itself, a moment later, so the
// history stays fast straight after it (src/db/statistics.ts).
let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function plannedEntries(db: TestDatabase['db']): Promise<number> {
  const { rows } = await db.query<{ reltuples: number }>(
    "SELECT reltuples FROM pg_class WHERE oid = 'public.activity_entries'::regclass",
  );
  return Number(rows[0]?.reltuples);
}

async function addActivities(db: TestDatabase['db'], count: number) {
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO auth.users (id, email) VALUES (gen_random_uuid(), gen_random_uuid() || '@example.com') RETURNING id",
  );
  await db.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     SELECT $1, q.id,
            CASE q.question WHEN 'Activity Description' THEN 'A' || i
                            WHEN 'Flow State' THEN 'false' ELSE '50' END,
            now() - make_interval(mins => i)
     FROM generate_series(1, $2::int) AS i CROSS JOIN public.questions q
     JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'`,
    [rows[0]?.id, count],
  );
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The refresh as the server runs it, with its delays shortened for a test. */
function refreshSoon(db: TestDatabase['db']) {
  return refreshStatisticsPeriodically(
    db,
    (err) => {
      throw err;
    },
    { afterChangeMs: 50, firstRefreshMs: 0 },
  );
}

describe.skipIf(usingRealPostgres)('planner statistics on the embedded database', () => {
  it('are refreshed shortly after a large change, not after a small one', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const statistics = refreshSoon(db);
    try {
      await settle(100);
      await addActivities(db, 400);
      statistics.rowsChanged(LARGE_CHANGE_ROWS - 1);
      await settle(200);
      expect(await plannedEntries(db)).toBeLessThan(400);

      statistics.rowsChanged(1);
      await settle(300);
      expect(await plannedEntries(db)).toBe(400);
    } finally {
      statistics.stop();
    }
  });

  it('waits for a tenth of the answers once the journal is large, as autovacuum does', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await addActivities(db, 2400); // 12,000 answers: a large change is now 1,200 rows
    const statistics = refreshSoon(db);
    try {
      await expect.poll(() => plannedEntries(db), { timeout: 5000 }).toBe(2400);
      await settle(100);
      await addActivities(db, 220);
      statistics.rowsChanged(1100);
      await settle(300);
      expect(await plannedEntries(db)).toBe(2400);

      statistics.rowsChanged(100);
      await expect.poll(() => plannedEntries(db), { timeout: 5000 }).toBe(2620);
    } finally {
      statistics.stop();
    }
  });
});
