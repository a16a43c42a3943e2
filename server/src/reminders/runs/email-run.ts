import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { describeSendFailure } from '../../mail/mailer.ts';
import { sendReminderEmail, type EmailChannel } from '../channels/email-channel.ts';
import type { ReminderKind } from '../kinds/reminder-kind.ts';
import { sendInPersonLanes } from './person-lanes.ts';
import type { RunLimits } from './run-limits.ts';

// One e-mail run: for each kind, the database claims the reminders due at
// `at` for this replica, then each is sent outside any transaction, as
// auth's links are (a slow mail server must not hold the embedded
// database's one connection). A reminder that could not be sent, or was not
// reached before the run's deadline, gives its claim back, so the next run
// tries again while it is at most 15 minutes late.

export interface EmailRun {
  db: Queryable;
  channel: EmailChannel;
  kinds: readonly ReminderKind[];
  limits: RunLimits;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface EmailRunResult {
  sent: number;
  failed: number;
  /** Not reached before the deadline: left for the next run. */
  left: number;
}

export async function runEmailReminders(run: EmailRun, at: Date): Promise<EmailRunResult> {
  const startedAt = Date.now();
  const result: EmailRunResult = { sent: 0, failed: 0, left: 0 };
  for (const kind of run.kinds) {
    const claims = await kind.email.claim(run.db, at);
    const unsent = await sendInPersonLanes(claims, run.limits, startedAt, async (claim) => {
      try {
        await sendReminderEmail(
          run.channel,
          { userId: claim.user_id, email: claim.email },
          claim.words ?? kind.words,
        );
      } catch (err) {
        result.failed += 1;
        run.log.warn(
          { err: describeSendFailure(err), kind: kind.name },
          'sending an e-mail reminder failed',
        );
        await kind.email.release(run.db, claim);
        return;
      }
      result.sent += 1;
      await kind.email.markSent(run.db, claim);
    });
    result.left += unsent.length;
    for (const claim of unsent) await kind.email.release(run.db, claim);
  }
  return result;
}
