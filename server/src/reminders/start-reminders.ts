import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.ts';
import type { MailSetup } from '../mail/mailer.ts';
import type { PushTransport } from '../push/deliver.ts';
import { ALL_KINDS } from './kinds/all-kinds.ts';
import type { ReminderKind } from './kinds/reminder-kind.ts';
import { runEmailReminders } from './runs/email-run.ts';
import { runPushReminders } from './runs/push-run.ts';
import { RUN_LIMITS, type RunLimits } from './runs/run-limits.ts';
import { startScheduler, type Scheduler, type SchedulerOptions } from './scheduler.ts';

// Every replica runs this when mail or Web Push is configured: the claims in
// the database decide which replica sends each reminder on each channel, so
// none has to be the leader. Each channel runs on a clock of its own, so
// that a mail server that is down delays nobody's notifications and push
// services that never answer delay nobody's e-mail (docs/decisions/070).

export interface ReminderSenders {
  db: Queryable;
  /** The server's one mailer; no e-mail reminders without it. */
  mail: MailSetup | undefined;
  /** No push reminders without it. */
  push: PushTransport | undefined;
  /** unsubscribeKey(jwtSecret). */
  unsubscribeKey: Buffer;
  log: FastifyBaseLogger;
}

export interface ReminderRunOptions {
  /** Tests: a clock and a pace of their own. */
  scheduler?: Pick<SchedulerOptions, 'now' | 'intervalMs'>;
  limits?: RunLimits;
  kinds?: readonly ReminderKind[];
}

export function startReminders(
  senders: ReminderSenders,
  options: ReminderRunOptions = {},
): Scheduler {
  const { db, mail, push, log } = senders;
  const limits = options.limits ?? RUN_LIMITS;
  const kinds = options.kinds ?? ALL_KINDS;
  const clocks: Scheduler[] = [];
  if (mail) {
    const channel = { mail, unsubscribeKey: senders.unsubscribeKey };
    clocks.push(
      startScheduler((at) => runEmailReminders({ db, channel, kinds, limits, log }, at), {
        ...options.scheduler,
        onError: (err) => log.warn({ err }, 'looking for due e-mail reminders failed'),
      }),
    );
  }
  if (push) {
    clocks.push(
      startScheduler((at) => runPushReminders({ db, transport: push, kinds, limits, log }, at), {
        ...options.scheduler,
        onError: (err) => log.warn({ err }, 'looking for due push reminders failed'),
      }),
    );
  }
  return {
    async stop() {
      await Promise.all(clocks.map((clock) => clock.stop()));
    },
  };
}
