import type { Queryable } from '../../db/database.ts';
import { AuthApiError } from './errors.ts';

// Per-IP windows counted in PostgreSQL, so that every replica behind a
// load balancer shares one count (docs/architecture.md 2). The window is taken from the
// database clock for the same reason: replicas' clocks may disagree.
const WINDOW_SECONDS = 300;
// Other counters share the table with longer windows (accounts/login-throttle.ts: 15
// minutes, email/mail-cap.ts: an hour); rows are kept until every window has passed.
const SWEEP_AFTER_SECONDS = 7200;

export type RateLimitedAction = 'token' | 'signup' | 'verify' | 'resend' | 'recover';

export async function enforceRateLimit(
  db: Queryable,
  action: RateLimitedAction,
  ip: string,
  limitPerWindow: number,
): Promise<void> {
  // One statement: concurrent requests each add exactly one hit (the upsert
  // takes the row lock), and we read back the count including our own, with
  // the previous window's count beside it.
  const { rows } = await db.query<{ hits: number; previous: number; elapsed: number }>(
    `WITH current AS (
       INSERT INTO auth.rate_limits AS r (bucket, window_start, hits)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
       RETURNING hits, window_start
     )
     SELECT current.hits, coalesce(previous.hits, 0) AS previous,
            extract(epoch FROM now() - current.window_start)::float8 AS elapsed
       FROM current
       LEFT JOIN auth.rate_limits previous
         ON previous.bucket = $1
        AND previous.window_start = current.window_start - make_interval(secs => $2)`,
    [`${action}:${ip}`, WINDOW_SECONDS],
  );
  const row = rows[0];
  // A sliding window: the previous window counts for the part of it still
  // inside the last five minutes, so a burst cannot double the limit by
  // straddling a window boundary (nor get a fresh allowance at one).
  const overlap = Math.max(0, 1 - (row?.elapsed ?? 0) / WINDOW_SECONDS);
  const hits = (row?.hits ?? 0) + (row?.previous ?? 0) * overlap;
  // Old windows are never read again; sweeping now and then keeps the table
  // small without a background job (about one request in a hundred pays).
  if (Math.random() < 0.01) {
    await db.query(
      `DELETE FROM auth.rate_limits WHERE window_start < now() - make_interval(secs => $1)`,
      [SWEEP_AFTER_SECONDS],
    );
  }
  if (hits > limitPerWindow) {
    throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}
