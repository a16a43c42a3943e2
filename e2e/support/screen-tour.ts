import type { UserBrowser } from './app-harness.ts';
import {
  expectSavedAndReset,
  openTab,
  PASSWORD,
  saveActivity,
  savedToast,
  signUp,
  trackForm,
  uniqueEmail,
} from './app-steps.ts';
import { activityList, emptyMessage } from './history.ts';
import { httpErrorLine } from './page-errors.ts';

// A tour through every screen the app has: the everyday suite checks each
// one at 320 px and with axe-core (tests/screens.test.ts); a measurement
// script photographs each at two sizes, light and dark
// (scripts/screenshot-tour.ts).

export interface Screen {
  name: string;
  /** Brings the page from the previous screen of the tour to this one. */
  reach: (user: UserBrowser) => Promise<void>;
}

// A tour through every screen, in the order one new person meets them; each
// step starts where the one before it left the page.
export const TOUR: Screen[] = [
  {
    name: 'login',
    reach: async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    },
  },
  {
    name: 'login-sign-up-mode',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    },
  },
  {
    name: 'login-error',
    reach: async ({ page, errors }) => {
      errors.allow(
        httpErrorLine(400, '/auth/v1/token?grant_type=password'),
        'the server refuses an unknown account with 400, which Chromium logs',
      );
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByPlaceholder('Enter your email').fill('nobody@example.test');
      await page.getByPlaceholder('Enter your password').fill('not a password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }).waitFor();
    },
  },
  {
    name: 'track-empty',
    reach: async ({ page }) => {
      await page.getByPlaceholder('Enter your password').fill('');
      await signUp(page, uniqueEmail('screens'), PASSWORD);
    },
  },
  {
    name: 'look-back-none-recorded',
    reach: async ({ page }) => {
      await openTab(page, 'Look Back');
      await emptyMessage(page, 'No activities recorded yet.').waitFor();
    },
  },
  {
    name: 'track-filled',
    reach: async ({ page }) => {
      await openTab(page, 'Track');
      const form = trackForm(page);
      await form.activity.fill('Evening walk by the river');
      await form.energy.press('End');
      await form.energy.press('ArrowLeft');
      await form.engagement.press('ArrowRight');
      await form.engagement.press('ArrowRight');
      await form.engagement.press('ArrowRight');
      await form.engagement.press('ArrowRight');
      await form.flowState.click();
      await form.notes.fill('Sunset, no phone.');
    },
  },
  {
    name: 'look-back-list',
    reach: async ({ page }) => {
      await trackForm(page).save.click();
      await expectSavedAndReset(page);
      await saveActivity(page, { activity: 'Inbox zero', energy: 30, engagement: 20 });
      await saveActivity(page, {
        activity: 'Pairing on the parser',
        energy: 60,
        engagement: 70,
        notes: 'Good questions from both sides.',
      });
      await savedToast(page).waitFor({ state: 'hidden', timeout: 5_000 });
      await openTab(page, 'Look Back');
      await activityList(page).waitFor();
    },
  },
  {
    name: 'look-back-filters-open',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('slider', { name: 'Min Energy' }).waitFor();
    },
  },
  {
    name: 'look-back-no-match',
    reach: async ({ page }) => {
      await page.getByRole('slider', { name: 'Min Energy' }).press('End');
      await emptyMessage(page, 'No activities match the filters.').waitFor();
    },
  },
  {
    name: 'profile',
    reach: async ({ page }) => {
      await openTab(page, 'Profile');
    },
  },
  {
    name: 'profile-edit',
    reach: async ({ page }) => {
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
    },
  },
];
