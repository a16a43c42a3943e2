// Measures docs/decisions/041's "time from the network's return to the last waiting
// entry stored, for 50 waiting entries" (goal: 5 s) in the system Chromium,
// on the production build: a person saves 50 activities offline through
// Track, the network returns, and the clock runs until the outbox is empty
// (each entry leaves it only after the server answered 201); the server is
// then asked that it holds all 50, once each. Usage (after `npm run build`):
//   node e2e/scripts/measure-outbox-sync.ts [runs=3] [entries=50]
import { quickSave, storedEntries, waitingIndicator } from '../support/outbox.ts';
import { median } from './bench-goal.ts';
import { measureSignedUp } from './signed-up-page.ts';

const RUNS = Number(process.argv[2] ?? 3);
const ENTRIES = Number(process.argv[3] ?? 50);

await measureSignedUp('outbox', async ({ context, page }) => {
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
});
