import type { Database } from '../db/database.ts';
import type { PushTransport } from './deliver.ts';
import { NO_RETRY, reminderMessage, sendToSubscription, type PushOutcome } from './send-push.ts';

// "Send a test reminder" (POST /reminders/v1/test), the push channel: the
// reminder's own message to every subscription of one person, at once. Tried
// once each, within the delivery timeout, because a person is waiting for
// the answer; a subscription its push service no longer knows is deleted as
// in the scheduler.

export interface TestPushResult {
  /** Subscriptions the person has (before any gone one was removed). */
  devices: number;
  sent: number;
  gone: number;
  failed: number;
  /** Endpoints our SSRF rules refuse (not https, or not a public address). */
  refused: number;
}

export async function sendTestPush(
  db: Database,
  transport: PushTransport,
  userId: string,
): Promise<TestPushResult> {
  const { rows } = await db.query<{
    subscription_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>(
    `SELECT id::text AS subscription_id, endpoint, p256dh, auth
     FROM public.push_subscriptions WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  const outcomes = await Promise.all(
    rows.map((subscription) =>
      sendToSubscription(db, transport, subscription, reminderMessage(), NO_RETRY).then(
        (r) => r.outcome,
        (): PushOutcome => 'failed',
      ),
    ),
  );
  const count = (o: PushOutcome) => outcomes.filter((x) => x === o).length;
  return {
    devices: rows.length,
    sent: count('sent'),
    gone: count('gone'),
    failed: count('failed'),
    refused: count('refused'),
  };
}
