import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, pathOf, signIn, signUp, uniqueEmail } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import {
  ANSWER_WRITES,
  OFFLINE_ERRORS,
  journalDatabases,
  keptAnswerKeys,
  quickSave,
  rowsAsSignedIn,
  sessionUserId,
  storedEntries,
  waitingIndicator,
} from '../support/outbox.ts';
import { browserSubscribed, standInPushManager } from '../support/push-stand-in.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';
import { waitUntil } from '../support/wait.ts';

// docs/decisions/068: Log Out on a shared device. It ends the session on the
// device first, whatever the network, and the server's session as soon as
// the server can be told; it always deletes the device's journal (the
// outbox, the answers kept for offline reading, the stored session) and says
// so; and it takes this browser's push subscription away, so the previous
// person's reminders stop arriving.

const LOGGED_OUT = 'You are logged out. Your journal was deleted from this device.';
const LOGGED_OUT_OFFLINE =
  'You are logged out. Your journal was deleted from this device; the server is told when you are back online.';

/** The keys supabase-js keeps a session under in this page's localStorage. */
const storedSessionKeys = (page: Parameters<typeof sessionUserId>[0]) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => /^sb-.*-auth-token$/.test(key)));

describe.skipIf(skipBrowserTests)('Log Out', () => {
  const app = useApp();

  it('works offline: the journal leaves the device, an offline reload opens the sign-in screen, and nothing deleted is sent', async () => {
    const { page, context, errors } = await app.newUser();
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail');
    const email = uniqueEmail('logout-offline');
    await signUp(page, email);
    await waitForServiceWorker(page);
    const owner = await sessionUserId(page);
    await waitUntil(async () => (await keptAnswerKeys(page, owner)).length > 0, 'answers kept');
    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
      return (JSON.parse(localStorage.getItem(key ?? '') ?? '{}') as { refresh_token: string })
        .refresh_token;
    });

    await context.setOffline(true);
    await quickSave(page, 'Notes on a shared laptop');
    await waitingIndicator(page).filter({ hasText: '1 waiting to sync' }).waitFor();
    const sent: string[] = [];
    context.on('request', (request) => {
      if (request.method() === 'POST' && ANSWER_WRITES.test(request.url()))
        sent.push(request.url());
    });

    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Log Out and Delete' }).click();
    await page.getByText(LOGGED_OUT_OFFLINE).waitFor();
    expect(pathOf(page)).toBe('/login');
    await expect.poll(() => journalDatabases(page)).toEqual([]);
    expect(await storedSessionKeys(page)).toEqual([]);

    // Back online with the page still open: the server ends the session.
    const told = page.waitForRequest((request) => request.url().includes('/auth/v1/logout'));
    await context.setOffline(false);
    await told;
    await expect
      .poll(async () => {
        const response = await fetch(`${app.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', apikey: await anonKey(app.url) },
          body: JSON.stringify({ refresh_token: refreshToken }),
        });
        return response.status;
      })
      .toBe(400);

    // Offline again, a reload opens the sign-in screen, not Track.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(pathOf(page)).toBe('/login');

    // Online and signed in again: the entry the person deleted never left.
    await context.setOffline(false);
    await signIn(page, email);
    expect((await storedEntries(page)).size).toBe(0);
    expect(await waitingIndicator(page).count()).toBe(0);
    expect(sent).toEqual([]);
  });

  it("deletes this device's push subscription and unsubscribes the browser", async () => {
    const { page, context } = await app.newUser();
    await standInPushManager(context);
    await context.grantPermissions(['notifications'], { origin: app.url });
    const email = uniqueEmail('logout-push');
    await signUp(page, email);
    await waitForServiceWorker(page);
    await openTab(page, 'Profile');
    await page.getByRole('switch', { name: 'Notifications on this device' }).click();
    // The kept row is what Log Out must delete; the switch's own journey
    // (its toast, the list of devices) is push-notification.test.ts's.
    const subscriptions = () => rowsAsSignedIn(page, 'push_subscriptions?select=endpoint');
    await expect.poll(subscriptions).toHaveLength(1);
    expect(await browserSubscribed(page)).toBe(true);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await browserSubscribed(page)).toBe(false);
    await page.getByText(LOGGED_OUT).waitFor();

    await signIn(page, email);
    expect(await subscriptions()).toEqual([]);
  });
});

/** The deployment's anon key, as the app reads it. */
async function anonKey(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}
