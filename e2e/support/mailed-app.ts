import type { Page } from 'playwright-core';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import type { MailReader } from '@energy-tracker/test-support/mailbox-over-http';
import { useApp, type AppHarness } from './app-harness.ts';
import { openEmailLink, submitSignUp, trackHeading } from './app-steps.ts';
import { sharedMailbox } from './shared-app.ts';

/**
 * The run's server with mail on and its mailbox (support/shared-app.ts):
 * each test reads the mail of the addresses it signed up. Call it inside
 * the file's describe block.
 */
export function useMailedApp(): { app: AppHarness; mailbox: MailReader } {
  return { app: useApp({ mailed: true }), mailbox: sharedMailbox() };
}

/**
 * Signs up on the login screen and confirms the address through the e-mailed
 * link, as a person does with mail on: lands on Track.
 */
export async function signUpConfirmed(
  page: Page,
  mailbox: MailReader,
  email: string,
): Promise<void> {
  await page.goto('/login');
  await submitSignUp(page, email);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await openEmailLink(page, linkIn(await mailbox.next(email), '/auth/v1/verify'));
  await trackHeading(page).waitFor();
}
