import type { MailSetup } from '../../mail/mailer.ts';
import type { ReminderWords } from '../kinds/reminder-kind.ts';
import { unsubscribeToken } from '../unsubscribe-token.ts';
import { reminderMail, unsubscribeUrl } from './reminder-mail.ts';

// The e-mail half of the one send path: a scheduled run and the test button
// both hand a reminder to the server's one mailer here, with the same
// message, unsubscribe link and all, so a test shows exactly what will
// arrive. Throws what the mailer threw.

export interface EmailChannel {
  mail: MailSetup;
  /** unsubscribeKey(jwtSecret): the same on every replica. */
  unsubscribeKey: Buffer;
}

export async function sendReminderEmail(
  channel: EmailChannel,
  to: { userId: string; email: string },
  words: ReminderWords,
): Promise<void> {
  const siteUrl = channel.mail.config.siteUrl;
  const links = {
    open: new URL(words.mailPath, siteUrl).toString(),
    unsubscribe: unsubscribeUrl(siteUrl, unsubscribeToken(channel.unsubscribeKey, to.userId)),
  };
  await channel.mail.mailer.send(reminderMail(to.email, words, links));
}
