import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { signUpConfirmed, useMailedApp } from '../support/mailed-app.ts';
import {
  openTab,
  PASSWORD,
  pathOf,
  signIn,
  trackHeading,
  uniqueEmail,
  openEmailLink,
  messageShown,
} from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark, seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { httpErrorLine } from '../support/page-errors.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

// 'Forgot password?' and 'Change password' in Chromium, with the server
// mailing a local SMTP server whose links the browser follows.

async function logOut(page: Page): Promise<void> {
  await openTab(page, 'Profile');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
}

describe.skipIf(skipBrowserTests)('password recovery and change (SMTP_URL set)', () => {
  const { app, mailbox } = useMailedApp();

  it('Forgot password? mails a link whose screen sets a new password and signs in', async () => {
    const { page } = await app.newUser();
    const email = uniqueEmail('forgot');
    await signUpConfirmed(page, mailbox, email);
    await logOut(page);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByPlaceholder('Enter your email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await messageShown(page, 'status', `If ${email} has an account, we sent it a link`);
    await screenshotAtSizes(page, 'forgot-password-sent');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Reset your Energy Tracker password');
    await openEmailLink(page, linkIn(mail, '/auth/v1/verify'));
    await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
    expect(pathOf(page)).toBe('/reset-password');
    await screenshotAtSizes(page, 'reset-password');
    await expectAxeCleanLightAndDark(page);

    await page.getByLabel('New password', { exact: true }).fill('a freshly chosen phrase');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await trackHeading(page).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.getByRole('status').filter({ hasText: 'Your new password is set.' }).waitFor();

    await logOut(page);
    await signIn(page, email, 'a freshly chosen phrase');
  });

  it('Change password on Profile needs the current password', async () => {
    const { page, errors } = await app.newUser();
    const email = uniqueEmail('change');
    await signUpConfirmed(page, mailbox, email);
    await openTab(page, 'Profile');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();

    errors.allow(
      httpErrorLine(400, '/auth/v1/user'),
      'the server refuses a wrong current password with 400 invalid_credentials, which Chromium logs',
    );
    await page.getByLabel('Current password', { exact: true }).fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('my changed passphrase');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor();

    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed.' }).waitFor();
    expect(await page.getByLabel('Current password', { exact: true }).inputValue()).toBe('');
    await screenshotAtSizes(page, 'profile-password-changed');

    await page.getByRole('button', { name: 'Log Out' }).click();
    await signIn(page, email, 'my changed passphrase');
  });
});

describe.skipIf(skipBrowserTests)('without mail', () => {
  const app = useApp();

  it('the login screen offers no Forgot password?', async () => {
    const { page } = await app.newUser();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByRole('button', { name: 'Forgot password?' }).count()).toBe(0);
  });
});
