import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, signIn, trackHeading } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  OFFLINE_ERRORS,
  journalDatabases,
  keptAnswerKeys,
  quickSave,
  sessionUserId,
} from '../support/outbox.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/045: Look Back and Insights show what they loaded
// last, marked as offline, also when the app is closed and opened again
// without a network. What they loaded is kept per account on the device:
// another person signing in there never sees it, and Log Out deletes it.

const OFFLINE_NOTE = 'You are offline. This is what was loaded last.';

/** Look Back's list and Insights' numbers loaded online, and kept on the device. */
async function loadLookBackAndInsights(page: Page, activity: string) {
  await openTab(page, 'Look Back');
  await page.getByText(activity, { exact: true }).first().waitFor();
  await openTab(page, 'Insights');
  await page.getByRole('button', { name: `${activity} · 1 entry` }).waitFor();
  const userId = await sessionUserId(page);
  await waitUntil(async () => {
    const kinds = (await keptAnswerKeys(page, userId)).map((key) =>
      typeof key[2] === 'string' ? key[2] : 'list',
    );
    return kinds.includes('list') && kinds.includes('insights');
  }, 'Look Back and Insights to be kept on the device');
}

async function restartOffline(page: Page) {
  await page.context().setOffline(true);
  await page.goto('/');
  await trackHeading(page).waitFor();
}

describe.skipIf(skipBrowserTests)('reading the journal offline after a restart', () => {
  const app = useApp();

  it('shows the Look Back entries and Insights loaded last, marked offline; Log Out deletes them', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('offline-read');
    errors.allow(OFFLINE_ERRORS, 'offline, the reads fail');
    errors.allow(
      /^console\.error: Failed to load resource: the server responded with a status of 401 .*\/rest\/v1\//,
      'reads retried as the network returns may reach the server after Log Out ended the session',
    );
    await quickSave(page, 'Canal walk');
    await loadLookBackAndInsights(page, 'Canal walk');
    await waitForServiceWorker(page);

    await restartOffline(page);
    await openTab(page, 'Look Back');
    await page.getByText(OFFLINE_NOTE).waitFor();
    expect(await page.getByText('Canal walk', { exact: true }).count()).toBeGreaterThan(0);
    await openTab(page, 'Insights');
    await page.getByText(OFFLINE_NOTE).waitFor();
    await page.getByRole('button', { name: 'Canal walk · 1 entry' }).waitFor();

    await context.setOffline(false);
    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // Deleted right after the session ends, as the login screen comes.
    await expect.poll(() => journalDatabases(page)).toEqual([]);
    expect(await keptAnswerKeys(page)).toEqual([]);
    // Reads still retrying from before Log Out would log their 401 into the next test.
    await context.close();
  });

  it('never shows one account’s kept answers to another account on the same device', async () => {
    const other = await app.signedUpOnTrack('offline-read-other');
    await other.context.close();

    const { page, errors } = await app.signedUpOnTrack('offline-read-first');
    errors.allow(OFFLINE_ERRORS, 'offline, the reads fail');
    errors.allow(
      /^console\.error: Failed to load resource: the server responded with a status of 401 .*\/rest\/v1\//,
      'the first session is ended behind the open app’s back; its reads are refused',
    );
    const first = await sessionUserId(page);
    await quickSave(page, 'Private diary');
    await loadLookBackAndInsights(page, 'Private diary');
    await waitForServiceWorker(page);

    // The first person's session leaves the page without Log Out and without
    // a sign-out event (its storage cleared): their kept answers stay on the
    // device, for them. (A session that is refused ends with one, and its
    // answers are deleted: outbox-session.test.ts.)
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (/^sb-.*-auth-token/.test(key)) localStorage.removeItem(key);
      }
    });
    await page.goto('/login');
    await signIn(page, other.email);
    const second = await sessionUserId(page);
    expect(second).not.toBe(first);
    await openTab(page, 'Look Back');
    await page.getByText('No activities recorded yet.').waitFor();

    await restartOffline(page);
    await openTab(page, 'Look Back');
    await page.getByText(/^(Error loading activities: |No activities recorded yet\.)/).waitFor();
    expect(await page.getByText('Private diary').count()).toBe(0);
    const theirs = (await keptAnswerKeys(page, second)).flat();
    expect(theirs).not.toContain(first);
    // The first person's answers are still there, untouched, for them alone.
    expect((await keptAnswerKeys(page, first)).length).toBeGreaterThan(0);
    await page.context().setOffline(false);
  });
});
