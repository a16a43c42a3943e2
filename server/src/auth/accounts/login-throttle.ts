import type { Database, Queryable } from '../../db/database.ts';
import { AuthApiError } from '../request/errors.ts';
import type { AuthErrorCode } from '../request/error-codes.ts';

// Wrong passwords counted per account (per address, whether or not it has an
// account, so that the count itself reveals nothing), beside the per-IP limit
// of request/rate-limit.ts: someone guessing one person's password from many
// addresses is slowed down after a few failures and then refused until the
// oldest failure is older than the window (ADR 025). A correct password
// clears the count. The rows share auth.rate_limits, one per failure time.
// PUT /user's current_password is a guess like any other and shares the count.

export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
// Each failure past half the allowance makes the next answers this much slower, up to the cap.
const SLOWDOWN_STEP_MS = 500;
const MAX_SLOWDOWN_MS = 3000;

export interface LoginThrottle {
  /** Failures allowed in the window; the next attempt is refused. */
  failuresPerWindow: number;
}

/** A 429 with Retry-After, in GoTrue's error shape. */
export class RetryLaterError extends AuthApiError {
  readonly retryAfterSeconds: number;

  constructor(code: AuthErrorCode, message: string, retryAfterSeconds: number) {
    super(429, code, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

function bucket(email: string): string {
  return `login-failures:${email.trim().toLowerCase()}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Before a password is checked: counts this attempt as a failure, refusing it
 * instead while the account has used up its failures, and waits a little
 * longer for each failure past half of them. Counting first, under a lock per
 * address, is what keeps parallel guesses from all reading the same count
 * before any of them is recorded; a correct password then clears the count.
 */
export async function countLoginAttempt(
  db: Database,
  email: string,
  limits: LoginThrottle,
): Promise<void> {
  await countGuess(
    db,
    bucket(email),
    limits,
    'Too many failed sign-in attempts for this account; try again later',
  );
}

/**
 * The same count for a person's second-step codes: an authenticator code has
 * a million values, so guesses must be few. Cleared by a correct code.
 */
export async function countSecondFactorAttempt(
  db: Database,
  userId: string,
  limits: LoginThrottle,
): Promise<void> {
  await countGuess(
    db,
    secondFactorBucket(userId),
    limits,
    'Too many wrong codes for this account; try again later',
  );
}

export async function clearSecondFactorFailures(db: Queryable, userId: string): Promise<void> {
  await db.query(`DELETE FROM auth.rate_limits WHERE bucket = $1`, [secondFactorBucket(userId)]);
}

const secondFactorBucket = (userId: string) => `mfa-failures:${userId}`;

async function countGuess(
  db: Database,
  key: string,
  limits: LoginThrottle,
  refusal: string,
): Promise<void> {
  const earlier = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    const { rows } = await tx.query<{ failures: number; oldest_age: number | null }>(
      `SELECT coalesce(sum(hits), 0)::int AS failures,
              extract(epoch FROM now() - min(window_start))::float8 AS oldest_age
         FROM auth.rate_limits
        WHERE bucket = $1 AND window_start > now() - make_interval(secs => $2)`,
      [key, LOGIN_FAILURE_WINDOW_SECONDS],
    );
    const failures = rows[0]?.failures ?? 0;
    if (failures >= limits.failuresPerWindow) {
      const left = LOGIN_FAILURE_WINDOW_SECONDS - (rows[0]?.oldest_age ?? 0);
      throw new RetryLaterError('over_request_rate_limit', refusal, Math.max(1, Math.ceil(left)));
    }
    await tx.query(
      `INSERT INTO auth.rate_limits AS r (bucket, window_start, hits)
       VALUES ($1, clock_timestamp(), 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1`,
      [key],
    );
    return failures;
  });
  const past = earlier - Math.floor(limits.failuresPerWindow / 2);
  if (past >= 0) await sleep(Math.min(MAX_SLOWDOWN_MS, (past + 1) * SLOWDOWN_STEP_MS));
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query(`DELETE FROM auth.rate_limits WHERE bucket = $1`, [bucket(email)]);
}
