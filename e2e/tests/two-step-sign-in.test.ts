import { AuthenticatorApp } from '@energy-tracker/test-support/authenticator-app';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import {
  openTab,
  PASSWORD,
  saveActivity,
  submitSignIn,
  trackHeading,
  messageShown,
} from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { httpErrorLine } from '../support/page-errors.ts';

// Two-step sign-in as a person uses it: turned on in Profile with a phone app,
// asked for after the password, and a saved recovery code for a lost phone.

describe.skipIf(skipBrowserTests)('two-step sign-in', () => {
  const app = useApp();

  it(
    'is turned on in Profile, then asks for the app’s code or a recovery code after the password',
    { timeout: 120_000 },
    async () => {
      const { page, errors, email } = await app.signedUpOnTrack('two-step');
      errors.allow(
        /status of 422 .*\/auth\/v1\/factors\/[0-9a-f-]+\/verify\)$/,
        'a wrong code is refused, and the screen says so',
      );
      await saveActivity(page, { activity: 'Guarded walk', energy: 70, engagement: 60 });

      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor();
      // The QR code is a real picture, not a broken image.
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const phone = new AuthenticatorApp(
        (await page.getByTestId('totp-secret').textContent()) ?? '',
      );
      // Each code must be of a later period than the last one used, within
      // one period of now: the last period's here, then this period's, then
      // the next one's, and no waiting for a new period between them.
      await page.getByLabel('Code from the app').fill(phone.previousCode());
      await page.getByRole('button', { name: 'Confirm' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      const recoveryCodes = await codes.allTextContents();
      expect(recoveryCodes).toHaveLength(10);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByRole('button', { name: 'Turn off two-step sign-in' }).waitFor();

      // Signing in again: the password is the first step, the app's code the second.
      await page.getByRole('button', { name: 'Log Out' }).click();
      await submitSignIn(page, email);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      await page.getByLabel('Code', { exact: true }).fill(phone.wrongCode());
      await page.getByRole('button', { name: 'Verify' }).click();
      await messageShown(page, 'alert', 'That code is not right. Check it and try again.');
      await page.getByLabel('Code', { exact: true }).fill(phone.code());
      await page.getByRole('button', { name: 'Verify' }).click();
      await trackHeading(page).waitFor();
      await openTab(page, 'Look Back');
      await page.getByText('Guarded walk').waitFor();

      // A lost phone: a recovery code, typed as printed, opens the journal once.
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Log Out' }).click();
      await submitSignIn(page, email);
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await trackHeading(page).waitFor();

      // Closing the account asks for the password (a fresh first step) and a
      // code from the app (the second, in that new session).
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Delete account' }).click();
      errors.allow(
        httpErrorLine(403, '/auth/v1/logout?scope=local'),
        'the deletion has already ended every session; supabase-js still tells /logout',
      );
      await page.getByLabel('Your password').fill(PASSWORD);
      await page.getByLabel('Code from your authenticator app').fill(phone.nextCode());
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await messageShown(page, 'status', 'Your account and all of its entries have been deleted.');
    },
  );
});
