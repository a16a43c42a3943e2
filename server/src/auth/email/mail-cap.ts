import type { Queryable } from '../../db/database.ts';
import { RetryLaterError } from '../accounts/login-throttle.ts';

// GoTrue's RATE_LIMIT_EMAIL_SENT: a cap on the messages the whole server sends
// in an hour, whoever asks, so that a script signing up addresses in bulk
// cannot ruin the reputation of the mail account (ADR 025). Counted in
// auth.rate_limits like the per-IP limits, so replicas share it; the previous
// hour counts for the part of it still inside the last sixty minutes.

const WINDOW_SECONDS = 3600;
const BUCKET = 'email-sent';

/** Takes one send from the hour's allowance, or refuses with 429 and when to retry. */
export async function claimMailSend(db: Queryable, perHour: number): Promise<void> {
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
    [BUCKET, WINDOW_SECONDS],
  );
  const row = rows[0];
  const elapsed = row?.elapsed ?? 0;
  const overlap = Math.max(0, 1 - elapsed / WINDOW_SECONDS);
  const sent = (row?.hits ?? 0) + (row?.previous ?? 0) * overlap;
  if (sent <= perHour) return;
  // Not sent: give the slot back, so that refusals do not keep the cap closed.
  await db.query(
    `UPDATE auth.rate_limits SET hits = hits - 1
      WHERE bucket = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [BUCKET, WINDOW_SECONDS],
  );
  throw new RetryLaterError(
    'over_email_send_rate_limit',
    'Email rate limit exceeded',
    Math.max(1, Math.ceil(WINDOW_SECONDS - elapsed)),
  );
}
