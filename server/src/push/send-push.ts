import type { Database } from '../db/database.ts';
import { deliverPush, type PushMessage, type PushTransport } from './deliver.ts';
import { EndpointRefused } from './public-address.ts';

// Sending one message to one stored subscription, with what its push
// service's answer means (RFC 8030): 201 delivered; 404 or 410 the
// subscription is gone for good, so its row is deleted; 429 and 5xx (and no
// answer) are tried again after a pause, a bounded number of times; any
// other answer is a failure not worth repeating. An endpoint our SSRF rules
// refuse is not sent to (and kept: a name may resolve publicly again later,
// and the person sees the device listed).

export interface StoredSubscription {
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface RetryPolicy {
  /** Pauses before each further attempt; their count bounds the attempts. */
  delaysMs: number[];
  /** A push service's Retry-After is followed up to this. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { delaysMs: [1_000, 4_000], maxRetryAfterMs: 30_000 };
export const NO_RETRY: RetryPolicy = { delaysMs: [], maxRetryAfterMs: 0 };

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/** The reminder's text: nothing from the journal, because third parties carry it. */
export const PUSH_TITLE = 'How is your energy?';
/** Where tapping it goes: Track, with the Activity field focused (web/src/features/track). */
export const PUSH_URL = '/?focus=activity';

export function reminderMessage(): PushMessage {
  return {
    payload: JSON.stringify({ title: PUSH_TITLE, url: PUSH_URL }),
    // A reminder more than 15 minutes late is not sent at all (ADR 036); one
    // a phone receives hours later is no better.
    ttlSeconds: 15 * 60,
    // A reminder not yet shown is replaced by the next, never piled up.
    topic: 'reminder',
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function sendToSubscription(
  db: Database,
  transport: PushTransport,
  subscription: StoredSubscription,
  message: PushMessage,
  retry: RetryPolicy,
): Promise<{ outcome: PushOutcome; detail?: string }> {
  for (let attempt = 0; ; attempt++) {
    let result;
    try {
      result = await deliverPush(transport, subscription, message);
    } catch (err) {
      if (err instanceof EndpointRefused) return { outcome: 'refused', detail: err.message };
      throw err;
    }
    if (result.status >= 200 && result.status < 300) {
      await db.query('UPDATE public.push_subscriptions SET last_success_at = now() WHERE id = $1', [
        subscription.subscription_id,
      ]);
      return { outcome: 'sent' };
    }
    if (result.status === 404 || result.status === 410) {
      await db.query('DELETE FROM public.push_subscriptions WHERE id = $1', [
        subscription.subscription_id,
      ]);
      return { outcome: 'gone' };
    }
    const worthRetrying = result.status === 0 || result.status === 429 || result.status >= 500;
    const delay = retry.delaysMs[attempt];
    if (!worthRetrying || delay === undefined) {
      return {
        outcome: 'failed',
        detail: result.error ?? `push service answered ${result.status}`,
      };
    }
    const asked = (result.retryAfterSeconds ?? 0) * 1000;
    await wait(Math.min(Math.max(delay, asked), Math.max(delay, retry.maxRetryAfterMs)));
  }
}
