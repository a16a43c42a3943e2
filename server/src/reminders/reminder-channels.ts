import type { MailSetup } from '../mail/mailer.ts';
import { reminderMail, unsubscribeUrl } from './reminder-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

// The ways a reminder can reach a person. "Send a test reminder" sends on
// every channel that is on for the person, at once; a channel that this
// server cannot use (no mail configured) is never on. Web Push adds itself
// to this list (channelsFor) with its own `isOn` (the person's
// subscriptions) and `send`.

/** Who a test goes to, with their saved settings. */
export interface ReminderRecipient {
  userId: string;
  email: string;
  /** The saved `reminder_settings` row's e-mail switch; false when there is no row. */
  emailOn: boolean;
}

export interface ReminderChannel {
  /** Named in answers and messages: 'email', 'push'. */
  id: string;
  /** Said in a failure message: "could not be sent by e-mail". */
  label: string;
  isOn(recipient: ReminderRecipient): boolean | Promise<boolean>;
  send(recipient: ReminderRecipient): Promise<void>;
}

export function emailChannel(mail: MailSetup, unsubscribeKey: Buffer): ReminderChannel {
  return {
    id: 'email',
    label: 'by e-mail',
    isOn: (recipient) => recipient.emailOn && recipient.email !== '',
    async send(recipient) {
      // The same message as a scheduled reminder, unsubscribe link and all:
      // the test shows exactly what will arrive.
      const links = {
        track: new URL('/', mail.config.siteUrl).toString(),
        unsubscribe: unsubscribeUrl(
          mail.config.siteUrl,
          unsubscribeToken(unsubscribeKey, recipient.userId),
        ),
      };
      await mail.mailer.send(reminderMail(recipient.email, links));
    },
  };
}

export interface ChannelSetup {
  mail: MailSetup | undefined;
  unsubscribeKey: Buffer;
}

/** The channels this server can send on. */
export function channelsFor(setup: ChannelSetup): ReminderChannel[] {
  const channels: ReminderChannel[] = [];
  if (setup.mail) channels.push(emailChannel(setup.mail, setup.unsubscribeKey));
  return channels;
}

/** For /config.json: which switches the Reminders screen may offer. */
export function reminderChannelsOffered(mail: MailSetup | undefined): { email: boolean } {
  return { email: mail !== undefined };
}
