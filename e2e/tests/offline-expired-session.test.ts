import { describe, expect, it } from 'vitest';
import { pathOf, trackHeading } from '../support/app-steps.ts';
import { useApp } from '../support/app-harness.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  OFFLINE_ERRORS,
  ageSession,
  outboxRecords,
  quickSave,
  refreshesAndSends,
  savedOnDeviceToast,
  storedEntries,
  waitingIndicator,
} from '../support/outbox.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/045: a person whose access token expired while
// the device was offline still opens the app straight into Track, saves
// into the outbox, and the entry is sent once supabase-js has refreshed the
// session with the network back.

describe.skipIf(skipBrowserTests)('an offline start with an expired session', () => {
  const app = useApp();

  it('opens into Track, keeps the save, and sends it once the session is refreshed online', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('offline-expired');
    errors.allow(OFFLINE_ERRORS, 'offline, the reads and the refresh fail');
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await ageSession(page);
    await page.reload();
    await trackHeading(page).waitFor({ timeout: 5_000 });
    expect(pathOf(page)).toBe('/');
    await quickSave(page, 'Night bus');
    await savedOnDeviceToast(page).waitFor();
    await waitingIndicator(page).filter({ hasText: '1 waiting to sync' }).waitFor();
    const [kept] = await outboxRecords(page);

    const order = refreshesAndSends(context);
    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached', timeout: 40_000 });
    await waitUntil(async () => (await storedEntries(page)).size > 0, 'the entry to be stored');
    expect([...(await storedEntries(page)).keys()]).toEqual([kept?.entryKey]);
    expect(order.filter((step) => step === 'send')).toHaveLength(1);
    expect(order.indexOf('refresh')).toBeLessThan(order.indexOf('send'));
    expect(pathOf(page)).toBe('/');
  });
});
