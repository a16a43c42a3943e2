import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useApp, type UserBrowser } from '../support/app-harness.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { horizontalOverflow } from '../support/layout.ts';
import { TOUR } from '../support/screen-tour.ts';

/** The narrowest screen the app is built for (docs/architecture.md 7). */
const NARROWEST = 320;

// Every screen, reached as one new person meets them (support/screen-tour.ts).
// Their pictures are taken by scripts/screenshot-tour.ts, outside the
// everyday suite: a picture asserts nothing.

describe.skipIf(skipBrowserTests)('every screen, narrow and in both colour schemes', () => {
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
