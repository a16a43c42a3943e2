import type { BrowserContext, Page } from 'playwright-core';

// Chromium cannot subscribe without its vendor's push service, which this
// closed network cannot reach: where a test needs a subscription, PushManager's
// subscribe and getSubscription are replaced by a stand-in that answers a
// subscription of the right shape, so that the switch, the permission and
// saving through the data API are what is tested. The server's delivery to a
// real push service is tested in server/test/reminders/web-push.test.ts.

/** A subscription like a browser's, for the stand-in PushManager. */
export const FAKE_SUBSCRIPTION = {
  endpoint: 'https://push.example.test/e2e/device-1',
  keys: { p256dh: 'B' + 'A'.repeat(86), auth: 'A'.repeat(21) + 'Q' },
};

/** Every page of `context` gets the stand-in before its own scripts run. */
export async function standInPushManager(context: BrowserContext) {
  await context.addInitScript((json) => {
    let subscribed: object | null = null;
    const subscription = {
      endpoint: json.endpoint,
      toJSON: () => json,
      unsubscribe: async () => {
        subscribed = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async function () {
      subscribed = subscription;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return subscribed as PushSubscription | null;
    };
  }, FAKE_SUBSCRIPTION);
}

/** Whether the page's browser holds a push subscription (the stand-in's, in tests). */
export const browserSubscribed = (page: Page): Promise<boolean> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return (await registration?.pushManager.getSubscription()) != null;
  });
