import type { Queryable } from '../../db/database.ts';
import { RetryLaterError } from '../accounts/login-throttle.ts';
import { countHit } from '../request/sliding-window.ts';

// GoTrue's RATE_LIMIT_EMAIL_SENT: a cap on the messages the whole server sends
// in an hour, whoever asks, so that a script signing up addresses in bulk
// cannot ruin the reputation of the mail account (ADR 025). Counted over a
// sliding hour like the per-IP limits (request/sliding-window.ts).

const WINDOW_SECONDS = 3600;
const BUCKET = 'email-sent';

/** Takes one send from the hour's allowance, or refuses with 429 and when to retry. */
export async function claimMailSend(db: Queryable, perHour: number): Promise<void> {
  const { hits: sent, elapsed } = await countHit(db, BUCKET, WINDOW_SECONDS);
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
