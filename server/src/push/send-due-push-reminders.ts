import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { PushTransport } from './deliver.ts';
import type { PushMessage } from './deliver.ts';
import {
  DEFAULT_RETRY,
  reminderMessage,
  sendToSubscription,
  type RetryPolicy,
  type StoredSubscription,
} from './send-push.ts';

// The push half of a look at the clock (reminders/scheduler.ts): the database
// claims the reminders due at `at` once per subscription
// (functions/claim_due_push_reminders.sql); each is then sent outside any
// transaction. A subscription its push service no longer knows is deleted;
// one that could not be reached gives its claim back, so the next minute
// tries again while the reminder is at most 15 minutes late.

export interface PushSender {
  db: Database;
  transport: PushTransport;
  retry?: RetryPolicy;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface ClaimedPush extends StoredSubscription {
  local_date: string;
  slot: string;
}

export interface PushTickResult {
  sent: number;
  gone: number;
  failed: number;
}

/** Push services are slow at worst for seconds each; a few at once keeps a look short. */
const AT_ONCE = 8;

export async function sendDuePushReminders(sender: PushSender, at: Date): Promise<PushTickResult> {
  const { rows } = await sender.db.query<ClaimedPush>(
    `SELECT subscription_id::text AS subscription_id, endpoint, p256dh, auth,
            local_date::text AS local_date, slot
     FROM journal_private.claim_due_push_reminders($1)`,
    [at.toISOString()],
  );
  return sendClaimedPushes(sender, rows, reminderMessage);
}

/** Sends pushes claimed in journal_private.push_sends, each with its own message. */
export async function sendClaimedPushes<Claim extends ClaimedPush>(
  sender: PushSender,
  rows: Claim[],
  messageOf: (claim: Claim) => PushMessage,
): Promise<PushTickResult> {
  const result: PushTickResult = { sent: 0, gone: 0, failed: 0 };
  const queue = [...rows];
  const worker = async () => {
    for (let claim = queue.shift(); claim; claim = queue.shift()) {
      await sendOne(sender, claim, messageOf(claim), result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, rows.length) }, worker));
  return result;
}

async function sendOne(
  sender: PushSender,
  claim: ClaimedPush,
  message: PushMessage,
  result: PushTickResult,
) {
  const key = [claim.subscription_id, claim.local_date, claim.slot];
  const { outcome, detail } = await sendToSubscription(
    sender.db,
    sender.transport,
    claim,
    message,
    sender.retry ?? DEFAULT_RETRY,
  ).catch((err: unknown) => ({ outcome: 'failed' as const, detail: String(err) }));
  if (outcome === 'sent') {
    result.sent += 1;
    await sender.db.query(
      `UPDATE journal_private.push_sends SET outcome = 'sent'
       WHERE subscription_id = $1 AND local_date = $2 AND slot = $3`,
      key,
    );
    return;
  }
  if (outcome === 'gone') {
    // The claim went with the subscription (ON DELETE CASCADE).
    result.gone += 1;
    return;
  }
  result.failed += 1;
  sender.log.warn({ detail, outcome }, 'sending a push reminder failed');
  if (outcome === 'failed') {
    await sender.db.query(
      `DELETE FROM journal_private.push_sends
       WHERE subscription_id = $1 AND local_date = $2 AND slot = $3 AND outcome = 'sending'`,
      key,
    );
  }
}
