import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  ANSWER_WRITES,
  failAnswerWrites,
  outboxRecords,
  quickSave,
  savedOnDeviceToast,
  waitingIndicator,
} from '../support/outbox.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/041: where the browser has Background Sync, its
// `sync` event wakes the service worker, which asks the open page to send
// the outbox (it never sends anything itself).

describe.skipIf(skipBrowserTests)('Background Sync and the outbox', () => {
  const app = useApp();

  it('sends the waiting entries when the worker gets the outbox’s sync event', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('outbox-sync');
    errors.allow(
      /^console\.error: Failed to load resource: net::ERR_FAILED/,
      'the server is made unreachable for the first send',
    );
    await waitForServiceWorker(page);

    await failAnswerWrites(page);
    await quickSave(page, 'In the lift');
    await savedOnDeviceToast(page).waitFor();
    // Until its back-off ends, only a drain the page is asked for sends it.
    // The toast may show before the failed send is written down: wait for it.
    let retryAt = 0;
    await waitUntil(async () => {
      const [record] = await outboxRecords(page);
      retryAt = (record as { retryAt?: number } | undefined)?.retryAt ?? 0;
      return retryAt > 0;
    }, 'the failed send’s back-off');
    await page.unroute(ANSWER_WRITES);

    const devtools = await context.newCDPSession(page);
    const registrations: string[] = [];
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) =>
      registrations.push(...updated.map((r: { registrationId: string }) => r.registrationId)),
    );
    await devtools.send('ServiceWorker.enable');
    await waitUntil(async () => registrations.length > 0, 'the worker’s registration');
    const started = Date.now();
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin: app.url,
      registrationId: registrations[0] ?? '',
      tag: 'energy-tracker-outbox',
      lastChance: false,
    });
    await waitingIndicator(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now()).toBeLessThan(retryAt);
    console.log(`sent ${Date.now() - started} ms after the sync event`);
    expect(await outboxRecords(page)).toEqual([]);
  });
});
