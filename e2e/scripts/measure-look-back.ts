// Measures what someone with years of entries waits for in the browser:
// opening the app signed in until Track shows, and pressing 'Look Back' until
// the newest activities show, plus scrolling to the next page.
// Usage (after `npm run build`): node e2e/scripts/measure-look-back.ts [activities=11000]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, uniqueEmail } from '../../server/test/helpers/test-server.ts';
import { seedHistory } from '../../server/test/helpers/seed-history.ts';

const ACTIVITIES = Number(process.argv[2] ?? 11_000);
const RUNS = 7;
const PASSWORD = 'measure-look-back-password';
const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

const server = await startTestServer({ WEB_DIST });
const browser = await launchBrowser();
try {
  const email = uniqueEmail('look-back');
  const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD });
  if (error || !data.user) throw error ?? new Error('sign-up gave no user');
  await seedHistory(server.database.db, data.user.id, ACTIVITIES);
  console.log(`${ACTIVITIES} activities (${ACTIVITIES * 5} answer rows) for one user`);

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${server.url}/login`);
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Track Activity' }).waitFor();

  const timings: Record<string, number[]> = {
    'reload signed in → Track shown': [],
    "press 'Look Back' → newest activity shown": [],
    'scroll to the end → next 50 shown': [],
  };
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    await page.reload();
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();
    timings['reload signed in → Track shown']!.push(performance.now() - started);

    started = performance.now();
    await page.getByRole('tab', { name: 'Look Back' }).click();
    await page.getByTestId('activity-item').first().waitFor();
    timings["press 'Look Back' → newest activity shown"]!.push(performance.now() - started);

    started = performance.now();
    await page.getByTestId('activity-item').nth(49).scrollIntoViewIfNeeded();
    await page.getByTestId('activity-item').nth(99).waitFor({ state: 'attached' });
    timings['scroll to the end → next 50 shown']!.push(performance.now() - started);
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
