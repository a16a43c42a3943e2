import { afterEach, describe, expect, it } from 'vitest';
import { LARGE_CHANGE_ROWS, refreshStatisticsPeriodically } from '../src/db/embedded/statistics.ts';
import { seedHistory } from './helpers/seed-history.ts';
import {
  createTestDatabase,
  type TestDatabase,
  usingRealPostgres,
} from './helpers/test-database.ts';

// The embedded database has no autovacuum: after a large change (an import)
// the server refreshes planner statistics itself, a moment later, so the
// history stays fast straight after it (src/db/embedded/statistics.ts).
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

/**
 * The refresh as the server runs it, with its delays shortened for a test,
 * and its first refresh's end: one samples table after table with pauses
 * between them, so on a busy machine it can take far longer than any guess.
 */
function refreshSoon(db: TestDatabase['db']) {
  let firstRefreshEnded!: () => void;
  const firstRefresh = new Promise<void>((resolve) => (firstRefreshEnded = resolve));
  const statistics = refreshStatisticsPeriodically(
    db,
    (err) => {
      throw err;
    },
    { afterChangeMs: 50, firstRefreshMs: 0, onRefreshed: () => firstRefreshEnded() },
  );
  return Object.assign(statistics, { firstRefresh });
}

describe.skipIf(usingRealPostgres)('planner statistics on the embedded database', () => {
  it('are refreshed shortly after a large change, not after a small one', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const statistics = refreshSoon(db);
    try {
      await statistics.firstRefresh;
      await addActivities(db, 400);
      statistics.rowsChanged(LARGE_CHANGE_ROWS - 1);
      // No refresh may come: give one that wrongly would (due 50 ms after the
      // change) time to show.
      await settle(200);
      expect(await plannedEntries(db)).toBeLessThan(400);

      statistics.rowsChanged(1);
      await expect.poll(() => plannedEntries(db), { timeout: 5000 }).toBe(400);
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
      // The first refresh sets the next large change from the answers it saw.
      await statistics.firstRefresh;
      expect(await plannedEntries(db)).toBe(2400);
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

  it('lets queries through between tables, each waiting behind one table at most', async () => {
    // 20,000 entries, never analyzed: the bench's grown journal. PGlite holds
    // the event loop while it samples a table, so a query that comes during a
    // refresh that analyzes everything in one statement waits for all of it.
    database = await createTestDatabase();
    const { db } = database;
    const { rows: users } = await db.query<{ id: string }>(
      "INSERT INTO auth.users (id, email) VALUES (gen_random_uuid(), 'grown@example.com') RETURNING id",
    );
    await seedHistory(db, users[0]!.id, 20_000, { analyze: false });
    const analyzedSql = `SELECT count(*) FILTER (WHERE analyze_count > 0)::int AS analyzed,
                                count(*)::int AS tables
                         FROM pg_stat_user_tables`;
    const { rows: before } = await db.query<{ analyzed: number; tables: number }>(analyzedSql);
    expect(before[0]!.analyzed).toBe(0);
    const tables = before[0]!.tables;

    // One client asking again as soon as answered, as the web app's saves do
    // under load: each answer says how far the refresh has got. While PGlite
    // samples a table the event loop is held and no query can even be sent,
    // so what a client waits is the gap between two answers.
    const statistics = refreshSoon(db);
    const seen = new Set<number>();
    let longestGapMs = 0;
    let refreshMs: number;
    let lastAnswered = performance.now();
    let lastNoneAnalyzed = lastAnswered;
    const deadline = lastAnswered + 30_000;
    try {
      for (;;) {
        // A client's next request comes on a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        const { rows } = await db.query<{ analyzed: number }>(analyzedSql);
        const answered = performance.now();
        const analyzed = rows[0]!.analyzed;
        seen.add(analyzed);
        longestGapMs = Math.max(longestGapMs, answered - lastAnswered);
        lastAnswered = answered;
        if (analyzed === 0) lastNoneAnalyzed = answered;
        if (analyzed === tables) {
          refreshMs = answered - lastNoneAnalyzed;
          break;
        }
        if (answered > deadline) throw new Error(`refresh unfinished: ${analyzed}/${tables}`);
      }
    } finally {
      statistics.stop();
    }
    // The old refresh (one ANALYZE of every table) went from none to all at
    // once, holding every query meanwhile; now queries are answered between
    // the tables, and the longest wait is one table's sampling.
    const between = [...seen].filter((n) => n > 0 && n < tables);
    expect(between.length).toBeGreaterThan(tables / 2);
    expect(longestGapMs).toBeLessThan(refreshMs / 2);
  }, 60_000);
});
