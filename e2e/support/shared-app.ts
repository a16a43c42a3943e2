import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { startMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import {
  mailReaderAt,
  serveMailbox,
  type MailReader,
  type ServedMailbox,
} from '@energy-tracker/test-support/mailbox-over-http';
import { childPort } from '@energy-tracker/test-support/child-port';
import { browserAvailable, CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.ts';
import { startServer, type RunningServer } from './server-process.ts';

// One server and one Chromium for every e2e file that needs nothing of its
// own (docs/testing.md): starting them was most of an e2e file's time. Each
// test still signs up its own person in a browser context of its own, so no
// test sees another's session or journal. Beside them, one server with mail
// on and its mailbox, for the files whose journeys go through the mail. The
// run's global setup starts them and names them in the environment, which
// the test workers inherit.
const SERVER_URL = 'E2E_SHARED_SERVER_URL';
const BROWSER_ENDPOINT = 'E2E_SHARED_BROWSER_WS';
const MAILED_SERVER_URL = 'E2E_MAILED_SERVER_URL';
const MAILBOX_URL = 'E2E_MAILBOX_URL';

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
  mailed: { server: RunningServer; mailbox: Mailbox; served: ServedMailbox };
}

/**
 * The server with mail on: SMTP_URL names the run's mailbox and SITE_URL the
 * server itself, for the links in the mail. GoTrue's one message a minute per
 * address is off, so that a test may ask again at once, and the run's mail
 * counts against no hourly cap.
 */
async function startMailedServer(): Promise<SharedApp['mailed']> {
  const [mailbox, port] = await Promise.all([startMailbox(), childPort()]);
  const [served, server] = await Promise.all([
    serveMailbox(mailbox),
    startServer({
      port,
      env: {
        ...SHARED_SERVER_ENV,
        SMTP_URL: mailbox.url,
        SITE_URL: `http://127.0.0.1:${port}`,
        SMTP_MAX_FREQUENCY_SECONDS: '0',
        RATE_LIMIT_EMAIL_SENT_PER_HOUR: '100000',
      },
    }),
  ]);
  return { server, mailbox, served };
}

/**
 * Starts the shared server, the server with mail on and its mailbox and,
 * where Chromium is installed, the shared browser.
 */
export async function startSharedApp(): Promise<SharedApp> {
  const [server, mailed, browser] = await Promise.all([
    startServer({ env: SHARED_SERVER_ENV }),
    startMailedServer(),
    browserAvailable
      ? chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
      : undefined,
  ]);
  process.env[SERVER_URL] = server.url;
  process.env[MAILED_SERVER_URL] = mailed.server.url;
  process.env[MAILBOX_URL] = mailed.served.url;
  if (browser) process.env[BROWSER_ENDPOINT] = browser.wsEndpoint();
  return { server, mailed, browser };
}

/** A server that did not exit cleanly fails the run with its log. */
function expectCleanExit(which: string, server: RunningServer, exitCode: number | null) {
  if (exitCode !== 0) {
    throw new Error(`the ${which} server exited with ${exitCode}:\n${server.output()}`);
  }
}

/** Stops them all, the servers side by side. */
export async function stopSharedApp({ server, mailed, browser }: SharedApp): Promise<void> {
  await browser?.close();
  const [sharedExit, mailedExit] = await Promise.all([server.stop(), mailed.server.stop()]);
  await Promise.all([mailed.served.close(), mailed.mailbox.close()]);
  expectCleanExit('shared', server, sharedExit);
  expectCleanExit('mailed', mailed.server, mailedExit);
}

/** The shared server's URL, when the run started one. */
export const sharedServerUrl = (): string | undefined => process.env[SERVER_URL];

/** The URL of the server with mail on, when the run started one. */
export const mailedServerUrl = (): string | undefined => process.env[MAILED_SERVER_URL];

/** The run's mailbox, read from this worker. */
export const sharedMailbox = (): MailReader =>
  mailReaderAt(() => {
    const url = process.env[MAILBOX_URL];
    if (!url) throw new Error('the run started no mailbox (run the file through its config)');
    return url;
  });

/** A connection to the shared Chromium, when the run started one. */
export function connectSharedBrowser(): Promise<Browser> | undefined {
  const endpoint = process.env[BROWSER_ENDPOINT];
  return endpoint ? chromium.connect(endpoint) : undefined;
}
