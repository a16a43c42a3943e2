import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import type { PushTransport } from '../../push/deliver.ts';
import { sendReminderPush, type PushOutcome } from '../channels/push-channel.ts';
import { healthOf, type SubscriptionHealth } from '../channels/subscription-health.ts';
import type { PushClaim, ReminderKind } from '../kinds/reminder-kind.ts';
import { sendInPersonLanes } from './person-lanes.ts';
import type { RunLimits } from './run-limits.ts';

// One push run: for each kind, the database claims the reminders due at
// `at` once per subscription, then each is sent outside any transaction, in
// turns per person (person-lanes.ts): a subscription gets at most
// perSubscriptionMs, or unprovenSubscriptionMs until it has delivered and
// while its last send failed (ADR 090), its person at most perPersonMs, and
// no send starts after the deadline. A subscription that took the connection
// and never answered is not tried again in this run. Subscriptions that have
// been failing go after the others, so that a person's dead devices do not
// spend the time of their working ones, nor the same dead devices every run.
// What was not sent gives its claim back for the next run, while the
// reminder is at most 15 minutes late.

export interface PushRun {
  db: Queryable;
  transport: PushTransport;
  kinds: readonly ReminderKind[];
  limits: RunLimits;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export type PushRunResult = Record<PushOutcome | 'left', number>;

export async function runPushReminders(run: PushRun, at: Date): Promise<PushRunResult> {
  const startedAt = Date.now();
  const result: PushRunResult = {
    sent: 0,
    gone: 0,
    failed: 0,
    'timed-out': 0,
    refused: 0,
    dropped: 0,
    left: 0,
  };
  const timedOut = new Set<string>();
  const channel = { db: run.db, transport: run.transport };
  for (const kind of run.kinds) {
    const claimed = await kind.push.claim(run.db, at);
    const health = await healthOf(
      run.db,
      claimed.map((c) => c.subscription_id),
    );
    const claims = healthyFirst(claimed, health);
    const unsent = await sendInPersonLanes(claims, run.limits, startedAt, async (claim, left) => {
      if (timedOut.has(claim.subscription_id)) {
        result.left += 1;
        await kind.push.release(run.db, claim);
        return;
      }
      const proven = health.get(claim.subscription_id)?.proven === true;
      const ownMs = proven ? run.limits.perSubscriptionMs : run.limits.unprovenSubscriptionMs;
      const budget = {
        untilMs: Date.now() + Math.min(ownMs, left),
        retryDelaysMs: run.limits.retryDelaysMs,
      };
      const { outcome, detail } = await sendReminderPush(
        channel,
        claim,
        claim.words ?? kind.words,
        budget,
      ).catch((err: unknown) => ({ outcome: 'failed' as const, detail: String(err) }));
      result[outcome] += 1;
      if (outcome === 'sent') return kind.push.markSent(run.db, claim);
      // A gone or dropped subscription took its claims with it.
      if (outcome === 'gone' || outcome === 'dropped') return;
      if (outcome === 'timed-out') timedOut.add(claim.subscription_id);
      run.log.warn({ detail, outcome, kind: kind.name }, 'sending a push reminder failed');
      // Refused endpoints keep their claim: our rules would refuse them again.
      if (outcome !== 'refused') await kind.push.release(run.db, claim);
    });
    result.left += unsent.length;
    for (const claim of unsent) await kind.push.release(run.db, claim);
  }
  return result;
}

/** The claims in their order, except that those of failing subscriptions go last (a stable sort). */
function healthyFirst(claims: PushClaim[], health: Map<string, SubscriptionHealth>): PushClaim[] {
  const failures = (c: PushClaim) => health.get(c.subscription_id)?.failedSends ?? 0;
  return [...claims].sort((a, b) => failures(a) - failures(b));
}
