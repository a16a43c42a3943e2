import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { describeSendFailure, type MailSetup } from '../mail/mailer.ts';
import { reminderMail, unsubscribeUrl, type ReminderWords } from './reminder-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

// One look at the clock: the database says which reminders are due at `at`
// and claims them for this replica (functions/claim_due_reminders.sql), then
// each is sent outside any transaction, as auth's links are (a slow mail
// server must not hold the embedded database's one connection). A reminder
// that cannot be sent gives its claim back, so the next minute tries again
// while it is at most 15 minutes late.

export interface ReminderSender {
  db: Database;
  mail: MailSetup;
  /** unsubscribeKey(jwtSecret): the same on every replica. */
  unsubscribeKey: Buffer;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface ClaimedReminder {
  user_id: string;
  email: string;
  local_date: string;
  slot: string;
}

/** Where a claimed reminder's link goes on the site, and its words (the check-in's when absent). */
export interface ReminderContent {
  path: string;
  words?: ReminderWords;
}

export interface TickResult {
  sent: number;
  failed: number;
}

export async function sendDueReminders(sender: ReminderSender, at: Date): Promise<TickResult> {
  const { rows } = await sender.db.query<ClaimedReminder>(
    `SELECT user_id, email, local_date::text AS local_date, slot
     FROM journal_private.claim_due_reminders($1)`,
    [at.toISOString()],
  );
  return sendClaimedEmails(sender, rows, () => ({ path: '/' }));
}

/**
 * Sends reminders claimed in journal_private.reminder_sends, each with its
 * content: marked sent once the mail server took it, the claim given back
 * when it did not.
 */
export async function sendClaimedEmails<Claim extends ClaimedReminder>(
  sender: ReminderSender,
  rows: Claim[],
  contentOf: (reminder: Claim) => ReminderContent,
): Promise<TickResult> {
  const { db, mail } = sender;
  const result: TickResult = { sent: 0, failed: 0 };
  for (const reminder of rows) {
    const claim = [reminder.user_id, reminder.local_date, reminder.slot];
    const content = contentOf(reminder);
    const links = {
      track: new URL(content.path, mail.config.siteUrl).toString(),
      unsubscribe: unsubscribeUrl(
        mail.config.siteUrl,
        unsubscribeToken(sender.unsubscribeKey, reminder.user_id),
      ),
    };
    try {
      await mail.mailer.send(reminderMail(reminder.email, links, content.words));
    } catch (err) {
      result.failed += 1;
      sender.log.warn({ err: describeSendFailure(err) }, 'sending an e-mail reminder failed');
      await db.query(
        `DELETE FROM journal_private.reminder_sends
         WHERE user_id = $1 AND local_date = $2 AND slot = $3 AND outcome = 'sending'`,
        claim,
      );
      continue;
    }
    result.sent += 1;
    await db.query(
      `UPDATE journal_private.reminder_sends SET outcome = 'sent'
       WHERE user_id = $1 AND local_date = $2 AND slot = $3`,
      claim,
    );
  }
  return result;
}
