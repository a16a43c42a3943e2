import type { Queryable } from '../../db/database.ts';
import { deliverPush, type PushMessage, type PushTransport } from '../../push/deliver.ts';
import { EndpointRefused } from '../../push/public-address.ts';
import type { ReminderWords } from '../kinds/reminder-kind.ts';
import { recordFailedSend, recordGone, recordSuccess } from './subscription-health.ts';

// The push half of the one send path: a scheduled run and the test button
// both send a reminder to one stored subscription here, within a time
// budget. What the push service's answer means (RFC 8030): 201 delivered;
// 404 or 410 the subscription is gone for good, so its row is deleted; 429,
// 5xx and a refused connection are tried again after a pause while the
// budget lasts; a peer that takes the connection and never answers is not
// tried again (it would only spend the budget again); any other answer is a
// failure not worth repeating. An endpoint our SSRF rules refuse is not sent
// to (and kept: a name may resolve publicly again later, and the person sees
// the device listed). A subscription that keeps failing is dropped
// (subscription-health.ts).

export interface StoredSubscription {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushChannel {
  db: Queryable;
  transport: PushTransport;
}

export interface PushBudget {
  /** Date.now() by which this subscription's attempts must have ended. */
  untilMs: number;
  /** Pauses before each further attempt; their count bounds the attempts. */
  retryDelaysMs: readonly number[];
}

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'timed-out' | 'refused' | 'dropped';

/** A reminder more than 15 minutes late is not sent at all (ADR 036); one a phone receives hours later is no better. */
const TTL_SECONDS = 15 * 60;

export function reminderPushMessage(words: ReminderWords): PushMessage {
  return {
    payload: JSON.stringify({
      title: words.question,
      ...(words.line === undefined ? {} : { body: words.line }),
      url: words.pushPath,
    }),
    ttlSeconds: TTL_SECONDS,
    topic: words.pushTopic,
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendReminderPush(
  channel: PushChannel,
  subscription: StoredSubscription,
  words: ReminderWords,
  budget: PushBudget,
): Promise<{ outcome: PushOutcome; detail?: string }> {
  const message = reminderPushMessage(words);
  const id = subscription.subscription_id;
  for (let attempt = 0; ; attempt++) {
    const left = budget.untilMs - Date.now();
    let result;
    try {
      result = await deliverPush(channel.transport, subscription, message, Math.max(1, left));
    } catch (err) {
      if (err instanceof EndpointRefused) return { outcome: 'refused', detail: err.message };
      throw err;
    }
    if (result.status >= 200 && result.status < 300) {
      await recordSuccess(channel.db, id);
      return { outcome: 'sent' };
    }
    if (result.status === 404 || result.status === 410) {
      await recordGone(channel.db, id);
      return { outcome: 'gone' };
    }
    const detail = result.error ?? `push service answered ${result.status}`;
    if (result.timedOut) {
      const dropped = await recordFailedSend(channel.db, id);
      return { outcome: dropped ? 'dropped' : 'timed-out', detail };
    }
    const worthRetrying = result.status === 0 || result.status === 429 || result.status >= 500;
    const delay = budget.retryDelaysMs[attempt];
    const asked = (result.retryAfterSeconds ?? 0) * 1000;
    const pause = delay === undefined ? undefined : Math.max(delay, asked);
    if (!worthRetrying || pause === undefined || Date.now() + pause >= budget.untilMs) {
      const dropped = await recordFailedSend(channel.db, id);
      return { outcome: dropped ? 'dropped' : 'failed', detail };
    }
    await wait(pause);
  }
}
