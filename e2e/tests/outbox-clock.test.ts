import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, signUp, uniqueEmail } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { horizontalOverflow } from '../support/layout.ts';
import {
  OFFLINE_ERRORS,
  outboxRecords,
  quickSave,
  savedOnDeviceToast,
  storedAnswers,
  waitingIndicator,
} from '../support/outbox.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/041: an entry's time is the moment it was logged,
// on the server's clock. A device clock 5 minutes fast (the server refuses
// entries more than 2 minutes in its future) is corrected from the server's
// Date header; where the offset is not known, the refusal keeps the entry,
// shows the server's reason, and the person fixes the time or discards it.

const FAST_MS = 5 * 60_000;

/** Every page of the context believes it is `FAST_MS` later than it is. */
async function fastClock(context: BrowserContext) {
  await context.addInitScript((ahead: number) => {
    const RealDate = Date;
    class FastDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(RealDate.now() + ahead);
        else super(...(args as [string]));
      }
      static override now() {
        return RealDate.now() + ahead;
      }
    }
    globalThis.Date = FastDate as DateConstructor;
  }, FAST_MS);
}

const activityTimes = async (page: Parameters<typeof storedAnswers>[0], activity: string) =>
  (await storedAnswers(page))
    .filter((row) => row.answer === activity)
    .map((row) => Date.parse(row.created_at));

describe.skipIf(skipBrowserTests)('the outbox and a device clock 5 minutes fast', () => {
  const app = useApp();

  it('stamps an entry logged offline with the server’s time, so it is not refused', async () => {
    const { page, context, errors } = await app.newUser();
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail');
    await fastClock(context);
    await signUp(page, uniqueEmail('clock-fast'));
    expect(
      await page.evaluate(() => Date.now() - performance.timeOrigin - performance.now()),
    ).toBeGreaterThan(FAST_MS - 5000);
    // The app has had answers from the data API, and their Date headers.
    await waitUntil(
      () => page.evaluate(() => localStorage.getItem('energy-tracker-clock-offset') !== null),
      'an answer of the data API',
    );

    await context.setOffline(true);
    const loggedAt = Date.now();
    await quickSave(page, 'Platform 9');
    await savedOnDeviceToast(page).waitFor();
    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const [time] = await activityTimes(page, 'Platform 9');
    expect(Math.abs((time ?? 0) - loggedAt)).toBeLessThan(5000);
  });

  it('keeps a refused entry with the server’s reason until its time is fixed or it is discarded', async () => {
    const { page, context, errors } = await app.newUser();
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail');
    errors.allow(httpErrorLine(400, '/rest/v1/user_answers'), 'the future entries are refused');
    await fastClock(context);
    // No answer tells the app the server's time: the offset stays unknown.
    await context.route(/\/rest\/v1\//, async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['date'];
      await route.fulfill({ response, headers });
    });
    await signUp(page, uniqueEmail('clock-refused'));

    await context.setOffline(true);
    await quickSave(page, 'Too early');
    await quickSave(page, 'Also too early');
    await context.setOffline(false);

    await openTab(page, 'Look Back');
    const waiting = page.getByRole('region', { name: 'Not yet sent' });
    const refusals = waiting.getByText(/^Not accepted: An entry cannot be in the future/);
    await waitUntil(async () => (await refusals.count()) === 2, 'two refusals');
    expect(await outboxRecords(page)).toHaveLength(2);
    expect(await waitingIndicator(page).textContent()).toContain('2 waiting to sync');
    // The refused entries, their fields and the indicator: accessible in light
    // and dark, and within a 320 px screen.
    await expectAxeCleanLightAndDark(page);
    expect((await horizontalOverflow(page, 320)).scrollWidth).toBeLessThanOrEqual(320);

    const items = waiting.getByRole('listitem');
    await items
      .filter({ hasText: 'Also too early' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await waitUntil(async () => (await items.count()) === 1, 'the discarded entry to go');

    // The person sets the real time (UTC here), and sends it again.
    const real = new Date(Date.now() - 60_000).toISOString().slice(0, 16);
    const item = items.filter({ hasText: 'Too early' });
    await item.getByLabel('Time').fill(real);
    await item.getByRole('button', { name: 'Send Again' }).click();
    await waitingIndicator(page).waitFor({ state: 'detached' });
    expect(await activityTimes(page, 'Too early')).toHaveLength(1);
    expect(await activityTimes(page, 'Also too early')).toEqual([]);
    expect(await outboxRecords(page)).toEqual([]);
  });
});
