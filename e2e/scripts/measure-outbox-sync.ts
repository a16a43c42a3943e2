// Measures docs/decisions/041's "time from the network's return to the last waiting
// entry stored, for 50 waiting entries" (goal: 5 s) in the system Chromium,
// on the production build: a person saves 50 activities offline through
// Track, the network returns, and the clock runs until the outbox is empty
// (each entry leaves it only after the server answered 201); the server is
// then asked that it holds all 50, once each. Usage (after `npm run build`):
//   node e2e/scripts/measure-outbox-sync.ts [runs=3] [entries=50]
import { randomBytes } from 'node:crypto';
import { PHONE } from '../support/app-harness.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer } from '../support/server-process.ts';
import { quickSave, storedEntries, waitingIndicator } from '../support/outbox.ts';

const RUNS = Number(process.argv[2] ?? 3);
const ENTRIES = Number(process.argv[3] ?? 50);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page
    .getByPlaceholder('Enter your email')
    .fill(`outbox-${randomBytes(4).toString('hex')}@example.test`);
  await page.getByPlaceholder('Enter your password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByPlaceholder('What are you doing?').waitFor();

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await context.setOffline(true);
    for (let i = 0; i < ENTRIES; i++) await quickSave(page, `Run ${run} entry ${i}`);
    await waitingIndicator(page)
      .filter({ hasText: `${ENTRIES} waiting to sync` })
      .waitFor();
    const started = performance.now();
    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached', timeout: 60_000 });
    const took = performance.now() - started;
    times.push(took);
    const stored = [...(await storedEntries(page)).values()];
    const ofRun = stored.filter((entry) => entry.answers.some((a) => a.startsWith(`Run ${run} `)));
    if (ofRun.length !== ENTRIES || ofRun.some((entry) => entry.times.size !== 1)) {
      throw new Error(`run ${run}: ${ofRun.length} entries stored, expected ${ENTRIES} once each`);
    }
    console.log(
      `run ${run + 1}: ${ENTRIES} entries stored ${Math.round(took)} ms after the network returned`,
    );
  }
  console.log(
    `median of ${RUNS}: ${Math.round(median(times))} ms for ${ENTRIES} entries (goal ≤ 5000 ms)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
