import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import type { PushTransport } from '../push/deliver.ts';
import { sendDuePushReminders } from '../push/send-due-push-reminders.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';
import { sendDueReminders } from './send-due-reminders.ts';
import { sendDueWeeklyReviewEmails, sendDueWeeklyReviewPushes } from './weekly-review-reminders.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

// Every replica runs this when mail or Web Push is configured: the claims in
// the database decide which replica sends each reminder on each channel, so
// none has to be the leader. E-mail and push are claimed and sent apart, so
// that a mail server that is down delays nobody's notifications.

export async function startReminderEmails(
  db: Database,
  mailConfig: MailConfig | undefined,
  jwtSecret: string,
  log: FastifyBaseLogger,
  push?: PushTransport,
): Promise<Scheduler> {
  const mailer: Mailer | undefined = mailConfig ? await createMailer(mailConfig) : undefined;
  const mailSender =
    mailConfig && mailer
      ? {
          db,
          mail: { config: mailConfig, mailer },
          unsubscribeKey: unsubscribeKey(jwtSecret),
          log,
        }
      : undefined;
  const pushSender = push ? { db, transport: push, log } : undefined;
  const look = async (at: Date) => {
    // Each channel sends the check-ins, then the weekly reviews (docs/decisions/073).
    const [mail, notifications] = await Promise.allSettled([
      mailSender
        ? sendDueReminders(mailSender, at).then(() => sendDueWeeklyReviewEmails(mailSender, at))
        : undefined,
      pushSender
        ? sendDuePushReminders(pushSender, at).then(() => sendDueWeeklyReviewPushes(pushSender, at))
        : undefined,
    ]);
    for (const channel of [mail, notifications]) {
      if (channel.status === 'rejected') throw channel.reason;
    }
  };
  const scheduler = startScheduler(look, {
    onError: (err) => log.warn({ err }, 'looking for due reminders failed'),
  });
  return {
    async stop() {
      await scheduler.stop();
      mailer?.close();
    },
  };
}
