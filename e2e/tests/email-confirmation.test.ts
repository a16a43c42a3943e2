import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useMailedApp } from '../support/mailed-app.ts';
import {
  openTab,
  pathOf,
  signIn,
  submitSignIn,
  submitSignUp,
  trackHeading,
  uniqueEmail,
  openEmailLink,
  messageShown,
} from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark, seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { httpErrorLine, type PageErrorLog } from '../support/page-errors.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

const CHECK_EMAIL = 'Please check your email for confirmation instructions.';
const NOT_CONFIRMED = 'Please confirm your email address first: open the link we sent you.';
const LINK_EXPIRED =
  'This confirmation link is invalid or has expired. Try signing in; if your address is not confirmed yet, ask for a new link.';
const CONFIRMED_ELSEWHERE =
  'Your email address is confirmed, but this browser could not sign you in with the link. Please sign in.';

/** Signs up on the login screen and checks docs/product.md 4: login mode, password cleared, the green box. */
async function signUpNeedingConfirmation(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await submitSignUp(page, email);
  await page.getByRole('status').filter({ hasText: CHECK_EMAIL }).waitFor();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  expect(await page.getByPlaceholder('Enter your password').inputValue()).toBe('');
  expect(pathOf(page)).toBe('/login');
}

/** Signs in before the address is confirmed, which the server refuses. */
async function signInUnconfirmed(page: Page, errors: PageErrorLog, email: string): Promise<void> {
  errors.allow(
    httpErrorLine(400, '/auth/v1/token?grant_type=password'),
    'the server refuses an unconfirmed address with 400 email_not_confirmed, which Chromium logs',
  );
  await submitSignIn(page, email);
  await page.getByRole('alert').filter({ hasText: NOT_CONFIRMED }).waitFor();
}

async function expectSignedInAs(page: Page, email: string): Promise<void> {
  await trackHeading(page).waitFor();
  expect(pathOf(page)).toBe('/');
  // supabase-js traded the code; neither it nor anything else stays in the address.
  expect(new URL(page.url()).search).toBe('');
  await openTab(page, 'Profile');
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
}

describe.skipIf(skipBrowserTests)('sign-up with e-mail confirmation (SMTP_URL set)', () => {
  const { app, mailbox } = useMailedApp();

  it('signs up, is refused until confirmed, follows the e-mailed link into Track; the used link is refused', async () => {
    const { page, errors } = await app.newUser();
    const email = uniqueEmail('confirm');
    await signUpNeedingConfirmation(page, email);
    const mail = await mailbox.next(email);
    await signInUnconfirmed(page, errors, email);

    const link = linkIn(mail, '/auth/v1/verify');
    // The link asks for a click first, so a mail scanner's fetch spends nothing.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Confirm your e-mail address' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectSignedInAs(page, email);
    // Signed in for good: a reload keeps the session.
    await page.reload();
    await trackHeading(page).waitFor();

    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await openEmailLink(page, link);
    await page.getByRole('alert').filter({ hasText: LINK_EXPIRED }).waitFor();
    expect(pathOf(page)).toBe('/login');
    // Said once: a reload of /login does not report the old link again.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    // The address is confirmed: the password now works.
    await signIn(page, email);
  });

  it('a link opened in another browser confirms the address, and that browser asks for the password', async () => {
    const first = await app.newUser();
    const email = uniqueEmail('elsewhere');
    await signUpNeedingConfirmation(first.page, email);
    const link = linkIn(await mailbox.next(email), '/auth/v1/verify');

    const second = await app.newUser();
    await openEmailLink(second.page, link);
    await second.page.getByRole('alert').filter({ hasText: CONFIRMED_ELSEWHERE }).waitFor();
    expect(pathOf(second.page)).toBe('/login');
    await signIn(second.page, email);
    await expectSignedInAs(second.page, email);
  });

  it("'Resend confirmation email' after a refused sign-in sends a new link that signs in", async () => {
    const { page, errors } = await app.newUser();
    const email = uniqueEmail('resend');
    await signUpNeedingConfirmation(page, email);
    await mailbox.next(email);
    await signInUnconfirmed(page, errors, email);
    // A state of the login screen only a server with SMTP reaches: checked
    // here as screens.test.ts checks the others.
    await screenshotAtSizes(page, 'login-not-confirmed');
    const { scrollWidth } = await horizontalOverflow(page, 320);
    expect(scrollWidth).toBeLessThanOrEqual(320);
    await expectAxeCleanLightAndDark(page);

    await page.getByRole('button', { name: 'Resend confirmation email' }).click();
    await messageShown(page, 'status', `We sent a new confirmation link to ${email}.`);
    const second = await mailbox.next(email);
    await openEmailLink(page, linkIn(second, '/auth/v1/verify'));
    await expectSignedInAs(page, email);
  });
});
