import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addEntriesThroughApi, storedEntriesThroughApi } from '../support/api-entries.ts';
import { useApp } from '../support/app-harness.ts';
import { savedToast, signUp, trackForm, trackHeading, uniqueEmail } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { dialValue } from '../support/dial.ts';
import { horizontalOverflow } from '../support/layout.ts';
import {
  OFFLINE_ERRORS,
  keptAnswerKeys,
  savedOnDeviceToast,
  sessionUserId,
  waitingIndicator,
} from '../support/outbox.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { waitUntil } from '../support/wait.ts';

// Track's "Log again" (docs/product.md, Track; docs/decisions/072): a
// repeated activity in two presses, online and offline.

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The latest walk has other values than the first, and notes that must not come back. */
const LATEST_WALK = {
  activity: 'Walk outside',
  energy: 85,
  engagement: 70,
  flow_state: true,
  notes: null,
  tags: ['park', 'with Sam'],
};

/** A person with a journal: two walks (the latest with other values) and an e-mail session. */
async function personWithWalks(url: string, page: Page): Promise<string> {
  const email = uniqueEmail('log-again');
  await signUp(page, email);
  await addEntriesThroughApi(url, email, [
    { created_at: ago(48 * HOUR), activity: 'walk outside', energy: 40, engagement: 20 },
    { created_at: ago(3 * HOUR), activity: 'Emails', energy: 30 },
    { ...LATEST_WALK, created_at: ago(HOUR), notes: 'Sunny by the river' },
  ]);
  await page.reload();
  await trackHeading(page).waitFor();
  return email;
}

const logAgain = (page: Page) => page.getByRole('group', { name: 'Log again' });

/** Presses the walk's button, checks the form it filled, and presses Save Activity. */
async function logTheWalkAgain(page: Page) {
  await logAgain(page).getByRole('button', { name: 'Walk outside', exact: true }).click();
  const form = trackForm(page);
  expect(await form.activity.inputValue()).toBe('Walk outside');
  expect(await dialValue(form.energy)).toBe('85%');
  expect(await dialValue(form.engagement)).toBe('70%');
  expect(await form.flowState.getAttribute('aria-checked')).toBe('true');
  expect(await form.notes.inputValue()).toBe('');
  const chips = page.getByRole('list', { name: 'Tags of this entry' }).getByRole('button');
  expect(await chips.evaluateAll((buttons) => buttons.map((b) => b.ariaLabel))).toEqual([
    'Remove tag park',
    'Remove tag with Sam',
  ]);
  await form.save.click();
}

describe.skipIf(skipBrowserTests)('Log again', () => {
  const app = useApp();

  it('fills the latest values of an activity in one press and saves with the second', async () => {
    const { page } = await app.newUser();
    const email = await personWithWalks(app.url, page);
    const buttons = logAgain(page).getByRole('button');
    await waitUntil(async () => (await buttons.count()) === 2, 'Log again to offer two activities');
    expect(await buttons.allInnerTexts()).toEqual(['Walk outside', 'Emails']);

    await expectAxeCleanLightAndDark(page);
    expect((await horizontalOverflow(page, 320)).sticksOut).toEqual([]);

    await logTheWalkAgain(page);
    await savedToast(page).waitFor();
    expect((await storedEntriesThroughApi(app.url, email)).at(-1)).toEqual(LATEST_WALK);
  });

  it('works offline from what the device kept, and the outbox sends the entry once back online', async () => {
    const { page, context, errors } = await app.newUser();
    errors.allow(OFFLINE_ERRORS, 'offline, the reads fail');
    const email = await personWithWalks(app.url, page);
    await logAgain(page).getByRole('button', { name: 'Walk outside' }).waitFor();
    const userId = await sessionUserId(page);
    await waitUntil(
      async () => (await keptAnswerKeys(page, userId)).some((key) => key[2] === 'log-again'),
      "Log again's choices to be kept on the device",
    );
    await waitForServiceWorker(page);

    // Closed and opened again without a network.
    await context.setOffline(true);
    await page.goto('/');
    await trackHeading(page).waitFor();
    await logTheWalkAgain(page);
    await savedOnDeviceToast(page).waitFor();
    await waitingIndicator(page).filter({ hasText: '1 waiting to sync' }).waitFor();

    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const stored = await storedEntriesThroughApi(app.url, email);
    expect(stored).toHaveLength(4);
    expect(stored.at(-1)).toEqual(LATEST_WALK);
  });
});
