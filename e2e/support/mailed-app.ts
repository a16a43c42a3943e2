import { useMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { useApp, type AppHarness } from './app-harness.ts';

/**
 * A server of the file's own that mails the file's mailbox: SMTP_URL names
 * the mailbox and SITE_URL the server itself, for the links in the mail.
 * GoTrue's one-message-a-minute per address is off, so that a test may ask
 * again at once. Call it inside the file's describe block.
 */
export function useMailedApp(): { app: AppHarness; mailbox: Mailbox } {
  const mailbox = useMailbox();
  const app = useApp({
    env: (serverUrl) => ({
      SMTP_URL: mailbox.url,
      SITE_URL: serverUrl,
      SMTP_MAX_FREQUENCY_SECONDS: '0',
    }),
  });
  return { app, mailbox };
}
