import type { Page } from 'playwright-core';
import { linkIn, useMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { useApp, type AppHarness } from './app-harness.ts';
import { openEmailLink, submitSignUp, trackHeading } from './app-steps.ts';

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

/**
 * Signs up on the login screen and confirms the address through the e-mailed
 * link, as a person does with mail on: lands on Track.
 */
export async function signUpConfirmed(page: Page, mailbox: Mailbox, email: string): Promise<void> {
  await page.goto('/login');
  await submitSignUp(page, email);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await openEmailLink(page, linkIn(await mailbox.next(email), '/auth/v1/verify'));
  await trackHeading(page).waitFor();
}
