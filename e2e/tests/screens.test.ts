import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApp, type UserBrowser } from '../support/app-harness.ts';
import {
  expectSavedAndReset,
  openTab,
  PASSWORD,
  saveActivity,
  savedToast,
  signUp,
  trackForm,
  uniqueEmail,
} from '../support/app-steps.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { activityList, emptyMessage } from '../support/history.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';

/** The narrowest screen the app is built for (docs/architecture.md 7). */
const NARROWEST = 320;

interface Screen {
  name: string;
  /** Brings the page from the previous screen of the tour to this one. */
  reach: (user: UserBrowser) => Promise<void>;
}

// A tour through every screen, in the order one new person meets them; each
// step starts where the one before it left the page.
const TOUR: Screen[] = [
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

describe.skipIf(skipBrowserTests)('every screen, at every size and in both colour schemes', () => {
  const app = useApp();
  let user: UserBrowser;
  let page: Page;

  beforeAll(async () => {
    user = await app.newUser();
    page = user.page;
  });

  afterEach(async () => {
    await page.emulateMedia({ colorScheme: 'light' });
  });

  for (const screen of TOUR) {
    describe(screen.name, () => {
      beforeAll(() => screen.reach(user));

      it('is captured at 390x844 and 1280x800, light and dark', async () => {
        const files = await screenshotAtSizes(page, screen.name);
        await page.emulateMedia({ colorScheme: 'dark' });
        files.push(...(await screenshotAtSizes(page, screen.name, { suffix: '-dark' })));
        expect(files).toHaveLength(4);
      });

      it(`fits a ${NARROWEST} px wide screen without scrolling sideways`, async () => {
        const { scrollWidth, sticksOut } = await horizontalOverflow(page, NARROWEST);
        expect(scrollWidth, `wider than the screen: ${sticksOut.join(', ')}`).toBeLessThanOrEqual(
          NARROWEST,
        );
      });

      it('has no serious or critical axe violation, light or dark', async () => {
        await page.emulateMedia({ colorScheme: 'light' });
        const light = await seriousAxeViolations(page);
        await page.emulateMedia({ colorScheme: 'dark' });
        const dark = await seriousAxeViolations(page);
        expect({ light, dark }).toEqual({ light: [], dark: [] });
      });
    });
  }
});
