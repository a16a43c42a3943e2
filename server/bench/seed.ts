import type { Queryable } from '../src/db/database.ts';
import { seedHistory } from '../test/helpers/seed-history.ts';

/**
 * Years of journal for the bench's person, set-based as the tests seed it;
 * `analyze: false` keeps the statistics of before (stale).
 */
export async function seed(
  db: Queryable,
  userId: string,
  activities: number,
  { analyze = true } = {},
): Promise<void> {
  await seedHistory(db, userId, activities, { analyze });
}

/** Activities that do not have all five answers: a save that landed in part. */
export async function brokenActivities(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM (
       SELECT created_at FROM public.user_answers WHERE user_id = $1
       GROUP BY created_at HAVING count(*) <> 5) broken`,
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function activityCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM public.activity_entries WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}
