import type { FastifyBaseLogger } from 'fastify';
import type { MailConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import { startScheduler, type Scheduler } from './scheduler.ts';
import { sendDueReminders } from './send-due-reminders.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

// Every replica runs this when mail is configured: the claim in the database
// decides which replica sends each reminder, so none has to be the leader.

export async function startReminderEmails(
  db: Database,
  mailConfig: MailConfig,
  jwtSecret: string,
  log: FastifyBaseLogger,
): Promise<Scheduler> {
  const mailer = await createMailer(mailConfig);
  const sender = {
    db,
    mail: { config: mailConfig, mailer },
    unsubscribeKey: unsubscribeKey(jwtSecret),
    log,
  };
  const scheduler = startScheduler((at) => sendDueReminders(sender, at), {
    onError: (err) => log.warn({ err }, 'looking for due reminders failed'),
  });
  return {
    async stop() {
      await scheduler.stop();
      mailer.close();
    },
  };
}
