import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { browserAvailable, CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';

// One server and one Chromium for every e2e file that needs nothing of its
// own (docs/testing.md): starting them was most of an e2e file's time. Each
// test still signs up its own person in a browser context of its own, so no
// test sees another's session or journal. The run's global setup starts
// them and names them in the environment, which the test workers inherit.
const SERVER_URL = 'E2E_SHARED_SERVER_URL';
const BROWSER_ENDPOINT = 'E2E_SHARED_BROWSER_WS';

/**
 * The shared server's limits are a person's many times over: every file's
 * sign-ups come from one address within minutes. Files that test the limits
 * start a server of their own with the defaults.
 */
export const SHARED_SERVER_ENV = {
  RATE_LIMIT_TOKEN_PER_5MIN: '100000',
  RATE_LIMIT_SIGNUP_PER_5MIN: '100000',
  RATE_LIMIT_VERIFY_PER_5MIN: '100000',
  RATE_LIMIT_FACTOR_CHALLENGES_PER_5MIN: '100000',
  RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: '100000',
  RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: '100000',
};

export interface SharedApp {
  server: RunningServer;
  browser: BrowserServer | undefined;
}

/** Starts the shared server and, where Chromium is installed, the shared browser. */
export async function startSharedApp(): Promise<SharedApp> {
  const [server, browser] = await Promise.all([
    startServer({ env: SHARED_SERVER_ENV }),
    browserAvailable
      ? chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
      : undefined,
  ]);
  process.env[SERVER_URL] = server.url;
  if (browser) process.env[BROWSER_ENDPOINT] = browser.wsEndpoint();
  return { server, browser };
}

/** Stops both; a server that did not exit cleanly fails the run with its log. */
export async function stopSharedApp({ server, browser }: SharedApp): Promise<void> {
  await browser?.close();
  const exitCode = await server.stop();
  if (exitCode !== 0) {
    throw new Error(`the shared server exited with ${exitCode}:\n${server.output()}`);
  }
}

/** The shared server's URL, when the run started one. */
export const sharedServerUrl = (): string | undefined => process.env[SERVER_URL];

/** A connection to the shared Chromium, when the run started one. */
export function connectSharedBrowser(): Promise<Browser> | undefined {
  const endpoint = process.env[BROWSER_ENDPOINT];
  return endpoint ? chromium.connect(endpoint) : undefined;
}
