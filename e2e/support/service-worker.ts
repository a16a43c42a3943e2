import type { Page } from 'playwright-core';

/** Waits until the service worker has kept the app and runs this page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const ready = () =>
    page.evaluate(
      async () =>
        navigator.serviceWorker.controller !== null &&
        (await caches.match('/index.html')) !== undefined,
    );
  const deadline = Date.now() + 30_000;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('the service worker did not take the page in 30 s');
    await page.waitForTimeout(200);
  }
}
