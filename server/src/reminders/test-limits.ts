import type { Queryable } from '../db/database.ts';

// How often a person may send a test reminder: once a minute and this many
// times an hour, counted in the database so that every replica agrees, and
// counted when the test is taken, whatever then arrives: a test whose every
// send failed still cost the server its connections (docs/decisions/070).
// The hour starts with its first test.

export const TEST_INTERVAL_SECONDS = 60;
export const TESTS_PER_HOUR = 10;

export type TestClaim = { taken: true } | { taken: false; waitSeconds: number; hourly: boolean };

export async function claimTest(db: Queryable, userId: string): Promise<TestClaim> {
  const { rows } = await db.query<{ sent_at: string }>(
    `INSERT INTO journal_private.reminder_tests AS t (user_id, sent_at, hour_started_at, sent_this_hour)
     VALUES ($1, now(), now(), 1)
     ON CONFLICT (user_id) DO UPDATE SET
       sent_at = now(),
       hour_started_at = CASE WHEN t.hour_started_at <= now() - interval '1 hour'
                              THEN now() ELSE t.hour_started_at END,
       sent_this_hour = CASE WHEN t.hour_started_at <= now() - interval '1 hour'
                             THEN 1 ELSE t.sent_this_hour + 1 END
       WHERE t.sent_at <= now() - make_interval(secs => $2)
         AND (t.hour_started_at <= now() - interval '1 hour' OR t.sent_this_hour < $3)
     RETURNING sent_at::text`,
    [userId, TEST_INTERVAL_SECONDS, TESTS_PER_HOUR],
  );
  if (rows.length > 0) return { taken: true };
  return waitBeforeNextTest(db, userId);
}

async function waitBeforeNextTest(db: Queryable, userId: string): Promise<TestClaim> {
  const { rows } = await db.query<{ minute_wait: number; hour_wait: number; hour_full: boolean }>(
    `SELECT ceil(extract(epoch FROM sent_at + make_interval(secs => $2) - now()))::int AS minute_wait,
            ceil(extract(epoch FROM hour_started_at + interval '1 hour' - now()))::int AS hour_wait,
            sent_this_hour >= $3 AND hour_started_at > now() - interval '1 hour' AS hour_full
     FROM journal_private.reminder_tests WHERE user_id = $1`,
    [userId, TEST_INTERVAL_SECONDS, TESTS_PER_HOUR],
  );
  const row = rows[0];
  if (row?.hour_full) {
    return { taken: false, hourly: true, waitSeconds: clamp(row.hour_wait, 3600) };
  }
  return {
    taken: false,
    hourly: false,
    waitSeconds: clamp(row?.minute_wait ?? 1, TEST_INTERVAL_SECONDS),
  };
}

const clamp = (seconds: number, most: number) => Math.min(most, Math.max(1, seconds));
