import type { Queryable } from '../../db/database.ts';

// How each push subscription has fared (columns of public.push_subscriptions,
// migration 0027): a success clears the count of failed sends in a row; a
// failure adds one; a subscription that has failed this many times in a row,
// over at least this long, is deleted, so that a dead endpoint stops costing
// every run and test, while a push service that is down for minutes, or a
// phone that is off for a night, drops nobody (docs/decisions/070).

export const DROP_AFTER_FAILED_SENDS = 5;
export const DROP_AFTER_FAILING_FOR = '1 day';

export async function recordSuccess(db: Queryable, subscriptionId: string): Promise<void> {
  await db.query(
    `UPDATE public.push_subscriptions
     SET last_success_at = now(), failed_sends = 0, failing_since = NULL WHERE id = $1`,
    [subscriptionId],
  );
}

/** The push service no longer knows it: the row goes, and its claims with it. */
export async function recordGone(db: Queryable, subscriptionId: string): Promise<void> {
  await db.query('DELETE FROM public.push_subscriptions WHERE id = $1', [subscriptionId]);
}

/** Counts a failed send; true when that dropped the subscription. */
export async function recordFailedSend(db: Queryable, subscriptionId: string): Promise<boolean> {
  const { rows } = await db.query<{ keeps_failing: boolean }>(
    `UPDATE public.push_subscriptions
     SET failed_sends = failed_sends + 1, failing_since = coalesce(failing_since, now())
     WHERE id = $1
     RETURNING failed_sends >= $2 AND failing_since <= now() - $3::interval AS keeps_failing`,
    [subscriptionId, DROP_AFTER_FAILED_SENDS, DROP_AFTER_FAILING_FOR],
  );
  if (rows[0]?.keeps_failing !== true) return false;
  await recordGone(db, subscriptionId);
  return true;
}

export interface SubscriptionHealth {
  /** Failed sends in a row. */
  failedSends: number;
  /** It has delivered, and its last send did not fail. */
  proven: boolean;
}

/** How each subscription asked about has fared (absent: gone). */
export async function healthOf(
  db: Queryable,
  subscriptionIds: readonly string[],
): Promise<Map<string, SubscriptionHealth>> {
  if (subscriptionIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; failed_sends: number; proven: boolean }>(
    `SELECT id::text AS id, failed_sends,
            last_success_at IS NOT NULL AND failed_sends = 0 AS proven
     FROM public.push_subscriptions WHERE id = ANY($1::uuid[])`,
    [subscriptionIds],
  );
  return new Map(rows.map((r) => [r.id, { failedSends: r.failed_sends, proven: r.proven }]));
}
