import type { Queryable } from '../../db/database.ts';
import { AuthApiError } from './errors.ts';
import { countHit } from './sliding-window.ts';

// Per-IP limits over a sliding window shared by every replica behind a load
// balancer (sliding-window.ts, docs/architecture.md 2).
const WINDOW_SECONDS = 300;
// Other counters share the table with longer windows (accounts/login-throttle.ts: 15
// minutes, email/mail-cap.ts: an hour); rows are kept until every window has passed.
const SWEEP_AFTER_SECONDS = 7200;

export type RateLimitedAction =
  'token' | 'signup' | 'verify' | 'resend' | 'recover' | 'challenge' | 'challenge-person';

/** Counts one `action` of `who` (an address, or a person's id for a per-person limit). */
export async function enforceRateLimit(
  db: Queryable,
  action: RateLimitedAction,
  who: string,
  limitPerWindow: number,
): Promise<void> {
  const { hits } = await countHit(db, `${action}:${who}`, WINDOW_SECONDS);
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
