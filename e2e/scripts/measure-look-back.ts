// Measures what someone with years of entries waits for in the browser, with
// timers inside the page (no test-harness overhead):
// - from navigation start of a signed-in reload until 'Track Activity' shows;
// - from pressing 'Look Back' until the newest activity shows;
// - from scrolling to the end of the list until the next 50 are there.
// Usage (after `npm run build`): node e2e/scripts/measure-look-back.ts [activities=11000]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, uniqueEmail } from '../../server/test/helpers/test-server.ts';
import { seedHistory } from '../../server/test/helpers/seed-history.ts';

const ACTIVITIES = Number(process.argv[2] ?? 11_000);
const RUNS = 7;
const PASSWORD = 'measure-look-back-password';
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
const ITEM = '[data-testid=activity-item]';

/** Milliseconds from `act` (run in the page) until `selector` matches `count` elements. */
function timeInPage(page: Page, act: string, selector: string, count: number): Promise<number> {
  return page.evaluate(
    ({ act, selector, count }) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const check = () => {
          if (document.querySelectorAll(selector).length < count) return false;
          resolve(performance.now() - started);
          return true;
        };
        const observer = new MutationObserver(() => check() && observer.disconnect());
        observer.observe(document, { subtree: true, childList: true });
        new Function(act)();
      }),
    { act, selector, count },
  );
}

const server = await startTestServer({ WEB_DIST });
const browser = await launchBrowser();
try {
  const email = uniqueEmail('look-back');
  const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('sign-up gave no user');
  await seedHistory(server.database.db, data.user.id, ACTIVITIES);
  console.log(`${ACTIVITIES} activities (${ACTIVITIES * 5} answer rows) for one user`);

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  // Notes, relative to navigation start, when the Track heading first appears.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('h1')?.textContent !== 'Track Activity') return;
      (window as unknown as { trackShownAt: number }).trackShownAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${server.url}/login`);
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Track Activity' }).waitFor();

  const timings: Record<string, number[]> = {
    'signed-in reload: navigation start → Track shown': [],
    "press 'Look Back' → newest activity shown": [],
    'scroll to the end → next 50 shown': [],
  };
  for (let run = 0; run < RUNS; run++) {
    await page.reload();
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();
    timings['signed-in reload: navigation start → Track shown']!.push(
      await page.evaluate(() => (window as unknown as { trackShownAt: number }).trackShownAt),
    );
    // As a person would: a moment on Track before switching.
    await page.waitForTimeout(300);
    timings["press 'Look Back' → newest activity shown"]!.push(
      await timeInPage(page, `document.querySelectorAll('[role=tab]')[1].click()`, ITEM, 1),
    );
    timings['scroll to the end → next 50 shown']!.push(
      await timeInPage(
        page,
        `document.querySelectorAll('${ITEM}')[49].scrollIntoView()`,
        ITEM,
        100,
      ),
    );
  }
  for (const [name, values] of Object.entries(timings)) {
    const sorted = values.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
    console.log(
      `${name}: median ${median.toFixed(0)} ms (min ${sorted[0]?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
