// Measures the "offline start to Track" of docs/decisions/045 (goal: 1 s on our machines) in
// the system Chromium, on the production build: a signed-in person's reload
// with the network cut, until Track's Activity field shows. Beside it, in the
// same run, the same reload online (the floor the service worker is held
// to), and both again with the CPU slowed 4× as Lighthouse does for a
// mid-range phone. Usage (after `npm run build`):
//   node e2e/scripts/measure-offline-start.ts [runs=5]
import type { Page } from 'playwright-core';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { median } from './bench-goal.ts';
import { measureSignedUp } from './signed-up-page.ts';

const RUNS = Number(process.argv[2] ?? 5);

async function reloadToTrack(page: Page): Promise<number> {
  const started = performance.now();
  await page.reload();
  await page.getByPlaceholder('What are you doing?').waitFor();
  return performance.now() - started;
}

await measureSignedUp('offline', async ({ context, page }) => {
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
});
