import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  ANSWER_WRITES,
  outboxRecords,
  quickSave,
  savedOnDeviceToast,
  storedEntries,
  waitingIndicator,
} from '../support/outbox.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/041: Save Activity always works. The entry goes
// to the outbox on the device first, and reaches the server exactly once:
// offline and back, after an answer lost on its way back, with two tabs.

const OFFLINE_LOAD = /^console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED/;
const OFFLINE_CHUNK =
  /^(pageerror: Failed to fetch dynamically imported module|console\.error: An unknown error occurred when fetching the script)/;

/** Offline, the app's reads (and the Insights chunk it preloads) fail: expected here. */
function allowOffline(errors: { allow: (pattern: RegExp, why: string) => void }) {
  errors.allow(OFFLINE_LOAD, 'offline, reads fail; the outbox is what this test is about');
  errors.allow(OFFLINE_CHUNK, 'offline, the Insights chunk preload fails (no service worker here)');
}

describe.skipIf(skipBrowserTests)('the outbox', () => {
  const app = useApp();

  it('keeps offline saves on the device, counts them, and sends each once when the network returns', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('outbox-offline');
    allowOffline(errors);
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();

    await context.setOffline(true);
    await quickSave(page, 'Reading on the train');
    await savedOnDeviceToast(page).waitFor();
    await waitingIndicator(page).filter({ hasText: '1 waiting to sync' }).waitFor();
    await quickSave(page, 'Call in the lift');
    await waitingIndicator(page).filter({ hasText: '2 waiting to sync' }).waitFor();
    const kept = (await outboxRecords(page)).map((record) => record.entryKey);
    expect(kept).toHaveLength(2);

    // Look Back lists them as not yet sent.
    await waitingIndicator(page).click();
    const waiting = page.getByRole('region', { name: 'Not yet sent' });
    await waiting.getByText('Reading on the train').waitFor();
    await waiting.getByText('Call in the lift').waitFor();

    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const stored = await storedEntries(page);
    expect([...stored.keys()].sort()).toEqual([...kept].sort());
    for (const key of kept) {
      // Four answers (notes left blank) at one instant: one entry, stored once.
      expect(stored.get(key)?.rows).toBe(4);
      expect(stored.get(key)?.times.size).toBe(1);
    }
    expect(await outboxRecords(page)).toEqual([]);
    // Look Back now has them from the server, and nothing waiting.
    await page.getByRole('list', { name: 'Activities' }).getByText('Call in the lift').waitFor();
    expect(await waiting.count()).toBe(0);
  });

  it("keeps an offline entry's tags and sends them with it", async () => {
    const { page, context, errors } = await app.signedUpOnTrack('outbox-tags');
    allowOffline(errors);
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();

    await context.setOffline(true);
    const tags = page.getByLabel('Tags', { exact: true });
    for (const tag of ['outside', 'with Sam']) {
      await tags.fill(tag);
      await tags.press('Enter');
    }
    await quickSave(page, 'Walk by the river');
    await savedOnDeviceToast(page).waitFor();

    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const stored = [...(await storedEntries(page)).values()];
    expect(stored).toHaveLength(1);
    // The Tags answer is one more row of the same entry, at the same instant.
    expect(stored[0]?.answers).toContain(JSON.stringify(['outside', 'with Sam']));
    expect(stored[0]?.rows).toBe(5);
    expect(stored[0]?.times.size).toBe(1);
  });

  it('sends again after the answer was lost on its way back, and the entry is stored once', async () => {
    const { page, errors } = await app.signedUpOnTrack('outbox-lost');
    errors.allow(
      /^console\.error: Failed to load resource: net::ERR_FAILED/,
      'the first answer is cut on purpose',
    );
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();

    let writes = 0;
    await page.route(ANSWER_WRITES, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      writes += 1;
      if (writes > 1) return route.fallback();
      // The write reaches the server and is stored; its answer never arrives.
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      await route.abort('failed');
    });
    await quickSave(page, 'Basement meeting');
    await savedOnDeviceToast(page).waitFor();
    await waitingIndicator(page).filter({ hasText: '1 waiting to sync' }).waitFor();
    const [record] = await outboxRecords(page);

    // The back-off ends (5 s) and the outbox sends the same entry again.
    await waitingIndicator(page).waitFor({ state: 'detached', timeout: 15_000 });
    expect(writes).toBe(2);
    const stored = await storedEntries(page);
    expect([...stored.keys()]).toEqual([record?.entryKey]);
    expect(stored.get(record?.entryKey ?? '')?.rows).toBe(4);
  });

  it('sends each entry once when two tabs drain at the same moment', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('outbox-tabs');
    allowOffline(errors);
    await page.getByRole('heading', { name: 'Track Activity' }).waitFor();
    const second = await context.newPage();
    await second.goto('/');
    await second.getByRole('heading', { name: 'Track Activity' }).waitFor();

    await context.setOffline(true);
    for (const name of ['Walk', 'Lunch', 'Reading']) {
      await quickSave(page, name);
      await savedOnDeviceToast(page).waitFor();
    }
    // The other tab follows the outbox of the account.
    await waitingIndicator(second).filter({ hasText: '3 waiting to sync' }).waitFor();

    const posted: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && ANSWER_WRITES.test(request.url())) {
        posted.push(request.postData() ?? '');
      }
    });
    // Both tabs hear `online` at once and both try to drain.
    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    await waitingIndicator(second).waitFor({ state: 'detached' });
    await waitUntil(async () => (await storedEntries(page)).size === 3, 'three stored entries');
    expect(posted).toHaveLength(3);
    for (const entry of (await storedEntries(page)).values()) expect(entry.rows).toBe(4);
    await second.close();
  });
});
