// Photographs every screen of the tour (support/screen-tour.ts) at 390x844
// and 1280x800, light and dark, into e2e/artifacts/screens/, for a person to
// look at. Not part of `npm test`: a picture asserts nothing, and the tour's
// checks (320 px, axe-core) are tests/screens.test.ts.
// Usage (after `npm run build`): node e2e/scripts/screenshot-tour.ts
import { PHONE } from '../support/app-harness.ts';
import { launchBrowser } from '../support/browser.ts';
import { PageErrorLog } from '../support/page-errors.ts';
import { TOUR } from '../support/screen-tour.ts';
import { screenshotAtSizes } from '../support/screenshots.ts';
import { startServer } from '../support/server-process.ts';

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  const page = await context.newPage();
  const user = { context, page, errors: new PageErrorLog(page) };
  let files = 0;
  for (const screen of TOUR) {
    await screen.reach(user);
    await page.emulateMedia({ colorScheme: 'light' });
    files += (await screenshotAtSizes(page, screen.name)).length;
    await page.emulateMedia({ colorScheme: 'dark' });
    files += (await screenshotAtSizes(page, screen.name, { suffix: '-dark' })).length;
    await page.emulateMedia({ colorScheme: 'light' });
  }
  console.log(`${files} screenshots of ${TOUR.length} screens in e2e/artifacts/screens/`);
} finally {
  await browser.close();
  await server.stop();
}
