import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/app-harness.ts';
import { signUp, uniqueEmail } from '../support/app-steps.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';

/** What a measuring script measures on: its own server, and one person on Track. */
export interface SignedUpPage {
  server: RunningServer;
  context: BrowserContext;
  page: Page;
  email: string;
}

/**
 * Starts a server (with `env`) and a Chromium of the script's own, signs a
 * new person up in a phone-sized context, and runs `measure` there; both
 * stop afterwards, however it ends.
 */
export async function measureSignedUp(
  label: string,
  measure: (app: SignedUpPage) => Promise<void>,
  env?: Record<string, string>,
): Promise<void> {
  const server = await startServer({ env });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const email = uniqueEmail(label);
    await signUp(page, email);
    await measure({ server, context, page, email });
  } finally {
    await browser.close();
    await server.stop();
  }
}
