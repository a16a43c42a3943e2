import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import {
  openTab,
  pathOf,
  saveActivity,
  signIn,
  signUp,
  trackHeading,
  uniqueEmail,
  messageShown,
} from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { activityList, emptyMessage, listedNames } from '../support/history.ts';
import { httpErrorLine } from '../support/page-errors.ts';

describe.skipIf(skipBrowserTests)(
  'accounts: sign-up, sign-in, log out, and whose data is shown',
  () => {
    const app = useApp();

    it('a new visitor to / is sent to /login, signs up there and lands on Track', async () => {
      const { page } = await app.newUser();
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(pathOf(page)).toBe('/login');
      expect(await page.getByText("Don't have an account? Sign up").isVisible()).toBe(true);

      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      expect(await page.getByText('Already have an account? Sign in').isVisible()).toBe(true);
      await page.getByPlaceholder('Enter your email').fill(uniqueEmail('newcomer'));
      await page.getByPlaceholder('Enter your password').fill('a new secret phrase');
      await page.getByRole('button', { name: 'Create Account' }).click();

      await trackHeading(page).waitFor();
      expect(pathOf(page)).toBe('/');
      // docs/product.md 8: a sign-up that yields a session says so (as a toast on arrival).
      await messageShown(page, 'status', 'Account created and logged in successfully!');
      // Track is the tab a signed-in user starts on.
      const track = page.getByRole('tab', { name: 'Track' });
      expect(await track.getAttribute('aria-selected')).toBe('true');
    });

    it('a wrong password shows the error in the red box; switching mode clears it', async () => {
      const { page, errors, email } = await app.signedUpOnTrack('forgetful');
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

      errors.allow(
        httpErrorLine(400, '/auth/v1/token?grant_type=password'),
        'the server refuses the wrong password with 400, which Chromium logs',
      );
      await page.getByPlaceholder('Enter your email').fill(email);
      await page.getByPlaceholder('Enter your password').fill('not the password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const errorBox = page.getByRole('alert').filter({ hasText: 'Invalid login credentials' });
      await errorBox.waitFor();
      expect(pathOf(page)).toBe('/login');

      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      expect(await errorBox.count()).toBe(0);
    });

    it('signing up with an address already taken shows the error in the red box', async () => {
      const { page, errors, email } = await app.signedUpOnTrack('taken');
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Log Out' }).click();

      errors.allow(
        httpErrorLine(422, '/auth/v1/signup'),
        'the server refuses a second account on one address with 422, which Chromium logs',
      );
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByPlaceholder('Enter your email').fill(email);
      await page.getByPlaceholder('Enter your password').fill('another secret phrase');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('alert').filter({ hasText: 'User already registered' }).waitFor();
      expect(pathOf(page)).toBe('/login');
    });

    it("'Continue with Google', not set up on this server, shows the server's reason in the red box", async () => {
      const { page, errors } = await app.newUser();
      errors.allow(
        httpErrorLine(400, '/auth/v1/authorize?provider=google'),
        'the app asks /authorize why Google is off; its 400 answer is logged by Chromium',
      );
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await messageShown(
        page,
        'alert',
        'Unsupported provider: Google sign-in is not enabled on this server',
      );
      expect(pathOf(page)).toBe('/login');
    });

    it('Log Out lands on /login; signed out, / goes to /login and signing in comes back to /', async () => {
      const { page, email } = await app.signedUpOnTrack('returning');
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Log Out' }).click();
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(pathOf(page)).toBe('/login');

      // The session is gone, not just hidden: a fresh load of / is refused too,
      // and so is any unknown path (which leads to /).
      for (const path of ['/', '/no/such/page']) {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
        expect(pathOf(page), path).toBe('/login');
      }

      await signIn(page, email);
      expect(pathOf(page)).toBe('/');
      // Signed in, an unknown path leads to the app itself.
      await page.goto('/no/such/page');
      await trackHeading(page).waitFor();
      expect(pathOf(page)).toBe('/');
    });

    it("a second person, in another browser, never sees the first one's activities", async () => {
      const first = await app.newUser();
      await signUp(first.page, uniqueEmail('first'));
      await saveActivity(first.page, { activity: 'Private diary', energy: 60, engagement: 70 });

      const second = await app.newUser();
      await signUp(second.page, uniqueEmail('second'));
      await openTab(second.page, 'Look Back');
      await emptyMessage(second.page, 'No activities recorded yet.').waitFor();
      expect(await activityList(second.page).count()).toBe(0);

      // And the other way round, while both are signed in at once.
      await openTab(second.page, 'Track');
      await saveActivity(second.page, {
        activity: 'Second person only',
        energy: 10,
        engagement: 20,
      });
      await openTab(first.page, 'Look Back');
      await activityList(first.page).waitFor();
      expect(await listedNames(first.page)).toEqual(['Private diary']);
      await openTab(second.page, 'Look Back');
      await activityList(second.page).waitFor();
      expect(await listedNames(second.page)).toEqual(['Second person only']);
    });
  },
);
