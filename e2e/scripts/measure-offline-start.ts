// Measures the "offline start to Track" of docs/decisions/045 (goal: 1 s on our machines) in
// the system Chromium, on the production build: a signed-in person's reload
// with the network cut, until Track's Activity field shows. Beside it, in the
// same run, the same reload online (the floor the service worker is held
// to), and both again with the CPU slowed 4× as Lighthouse does for a
// mid-range phone. Usage (after `npm run build`):
//   node e2e/scripts/measure-offline-start.ts [runs=5]
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { PHONE } from '../support/app-harness.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer } from '../support/server-process.ts';

const RUNS = Number(process.argv[2] ?? 5);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function reloadToTrack(page: Page): Promise<number> {
  const started = performance.now();
  await page.reload();
  await page.getByPlaceholder('What are you doing?').waitFor();
  return performance.now() - started;
}

async function waitForServiceWorker(page: Page) {
  for (let tries = 0; tries < 150; tries++) {
    const ready = await page.evaluate(
      async () =>
        navigator.serviceWorker.controller !== null &&
        (await caches.match('/index.html')) !== undefined,
    );
    if (ready) return;
    await page.waitForTimeout(200);
  }
  throw new Error('the service worker did not take the page in 30 s');
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page
    .getByPlaceholder('Enter your email')
    .fill(`offline-${randomBytes(4).toString('hex')}@example.test`);
  await page.getByPlaceholder('Enter your password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByPlaceholder('What are you doing?').waitFor();
  await waitForServiceWorker(page);
  const devtools = await context.newCDPSession(page);

  for (const cpuSlowdown of [1, 4]) {
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const online: number[] = [];
    const offline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      online.push(await reloadToTrack(page));
      await context.setOffline(true);
      offline.push(await reloadToTrack(page));
      await context.setOffline(false);
    }
    const [on, off] = [median(online), median(offline)];
    console.log(
      `CPU ${cpuSlowdown}×, median of ${RUNS}: offline start to Track ${Math.round(off)} ms, ` +
        `online ${Math.round(on)} ms (offline/online ${(off / on).toFixed(2)})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
