import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, pathOf, signIn } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  OFFLINE_ERRORS,
  ageSession,
  failAnswerWrites,
  journalDatabases,
  keptAnswerKeys,
  outboxRecords,
  quickSave,
  refreshesAndSends,
  sessionUserId,
  storedEntries,
  waitingIndicator,
} from '../support/outbox.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { waitUntil } from '../support/wait.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';

// docs/decisions/041: the outbox and the session. An expired access
// token is refreshed before anything is sent; a revoked one sends the person
// to sign in, and the entries wait for them, never for another account; Log
// Out asks about waiting entries and leaves nothing of the journal behind.

describe.skipIf(skipBrowserTests)('the outbox and the session', () => {
  const app = useApp();

  it('refreshes an access token that expired while offline before it sends', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('outbox-expired');
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail');
    await context.setOffline(true);
    await quickSave(page, 'Night train');
    await ageSession(page);

    const order = refreshesAndSends(context);
    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    expect(order.slice(0, 2)).toEqual(['refresh', 'send']);
    expect([...(await storedEntries(page)).values()].map((entry) => entry.rows)).toEqual([4]);
  });

  it('asks to sign in when the session cannot be refreshed, keeps the entry for that account only, and sends it after sign-in', async () => {
    const other = await app.signedUpOnTrack('outbox-other');
    await other.context.close();

    const { page, context, errors, email } = await app.signedUpOnTrack('outbox-revoked');
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail');
    errors.allow(httpErrorLine(400, '/auth/v1/token'), 'the revoked refresh token is refused');
    errors.allow(
      httpErrorLine(401, '/rest/v1/'),
      "reads sent with the aged session (Track's On this day card, the suggestions) are refused: " +
        'the data client sends the session kept on the device rather than none (docs/decisions/045)',
    );
    const owner = await sessionUserId(page);
    // Track's answers (suggestions, On this day) are kept for offline reading.
    await waitUntil(async () => (await keptAnswerKeys(page, owner)).length > 0, 'answers kept');
    await context.setOffline(true);
    await quickSave(page, 'Hospital waiting room');
    const [kept] = await outboxRecords(page);
    await ageSession(page, 'revoked-refresh-token');

    await context.setOffline(false);
    await page
      .getByText('Your session has ended. Sign in again to send the entry waiting on this device.')
      .waitFor();
    expect(pathOf(page)).toBe('/login');
    expect((await outboxRecords(page)).map((record) => record.entryKey)).toEqual([kept?.entryKey]);
    // The entry waits for its owner; what can be fetched again does not stay.
    await waitUntil(
      async () => (await keptAnswerKeys(page, owner)).length === 0,
      'answers deleted',
    );

    // Another person signs in on this device: they neither see nor send it.
    await signIn(page, other.email);
    await openTab(page, 'Look Back');
    await page.getByText('No activities recorded yet.').waitFor();
    expect(await waitingIndicator(page).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Not yet sent' }).count()).toBe(0);
    expect((await storedEntries(page)).size).toBe(0);
    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();

    // Its owner signs in again, and it is sent.
    await signIn(page, email);
    // The indicator is absent until the outbox is read: wait for the server instead.
    await waitUntil(async () => (await storedEntries(page)).size > 0, 'the entry to be sent');
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const stored = await storedEntries(page);
    expect([...stored.keys()]).toEqual([kept?.entryKey]);
    expect(await outboxRecords(page)).toEqual([]);
  });

  it('asks before Log Out deletes waiting entries, and leaves no journal data on the device', async () => {
    const { page, errors } = await app.signedUpOnTrack('outbox-logout');
    errors.allow(
      /^console\.error: Failed to load resource: net::ERR_FAILED/,
      'the server is made unreachable for the saves',
    );
    // The server cannot be reached for the saves: they wait.
    await failAnswerWrites(page);
    await quickSave(page, 'Gym');
    await quickSave(page, 'Commute');
    await waitingIndicator(page).filter({ hasText: '2 waiting to sync' }).waitFor();

    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    const question = page.getByRole('alertdialog');
    await question
      .getByText(
        '2 entries are waiting to sync. Logging out deletes them from this device. Log out anyway?',
      )
      .waitFor();
    await expectAxeCleanLightAndDark(page);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(pathOf(page)).toBe('/');
    expect(await outboxRecords(page)).toHaveLength(2);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Log Out and Delete' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // Deleted right after the session ends, as the login screen comes.
    await expect.poll(() => journalDatabases(page)).toEqual([]);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    expect(cached.filter((url) => /\/(rest|auth)\/v1\//.test(url))).toEqual([]);
  });
});
