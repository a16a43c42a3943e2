import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { childPort } from '@energy-tracker/test-support/child-port';
import { signUpThroughApi } from './api-session.ts';
import { uniqueEmail } from './app-steps.ts';
import { launchBrowser } from './browser.ts';
import { PageErrorLog } from './page-errors.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { connectSharedBrowser, mailedServerUrl, sharedServerUrl } from './shared-app.ts';

/** One person at one browser: their own context, so their own session storage. */
export interface UserBrowser {
  context: BrowserContext;
  page: Page;
  errors: PageErrorLog;
}

export interface NewUserOptions {
  /** A touch screen, so that tests can tap. */
  touch?: boolean;
  /** Another time zone than UTC. */
  timezoneId?: string;
}

export interface AppHarness {
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** A new browser context with one page on the phone viewport, watched for errors. */
  newUser(options?: NewUserOptions): Promise<UserBrowser>;
  /**
   * The first step of most journeys: a new browser, a new person with a
   * fresh address made from `label` signed up through the auth API and the
   * session handed to the page (support/api-session.ts), on Track. The
   * sign-up form's own journeys are in accounts.test.ts.
   */
  signedUpOnTrack(
    label: string,
    options?: NewUserOptions,
  ): Promise<UserBrowser & { email: string }>;
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface AppOptions {
  /**
   * Extra server environment, given the server's URL before it starts (for
   * SITE_URL, which links in e-mails and the provider's redirect are built
   * on). Called after the beforeAll hooks registered earlier have run, so
   * local peers started there (an SMTP server, an OpenID provider) can be named.
   * A file that gives one gets a server of its own; the file says why.
   */
  env?: (serverUrl: string) => Record<string, string>;
  /** The run's server with mail on (support/shared-app.ts) instead of the shared one. */
  mailed?: boolean;
}

/**
 * Registers the hooks of one test file: the run's shared server (or its
 * server with mail on) and Chromium (support/shared-app.ts), or, for a file
 * that names its own environment, a real server of its own on a fresh data
 * directory; a context per user, and after every test a check that no page
 * threw or logged an error. Call it inside the file's describe block.
 */
export function useApp(options: AppOptions = {}): AppHarness {
  let ownServer: RunningServer | undefined;
  let url: string | undefined;
  let browser: Browser | undefined;
  const users: UserBrowser[] = [];

  beforeAll(async () => {
    const shared = options.env ? undefined : options.mailed ? mailedServerUrl() : sharedServerUrl();
    if (options.mailed && !shared) throw new Error('the run started no server with mail on');
    const browserStarted = connectSharedBrowser() ?? launchBrowser();
    if (shared) {
      url = shared;
      browser = await browserStarted;
      return;
    }
    const port = await childPort();
    const env = options.env?.(`http://127.0.0.1:${port}`);
    [ownServer, browser] = await Promise.all([startServer({ port, env }), browserStarted]);
    url = ownServer.url;
  });

  afterEach(() => {
    const unexpected = users.flatMap((user) => user.errors.takeUnexpected());
    users.forEach((user) => user.errors.reset());
    expect(unexpected, 'errors in the page').toEqual([]);
  });

  afterAll(async () => {
    // Closes every context this file opened; the shared browser itself stays.
    await Promise.all(users.map((user) => user.context.close().catch(() => {})));
    await browser?.close();
    const exitCode = await ownServer?.stop();
    expect(exitCode ?? 0, ownServer?.output()).toBe(0);
  });

  const harness: AppHarness = {
    get url() {
      if (!url) throw new Error('the server is not started yet (use the harness in a test)');
      return url;
    },
    async newUser({ touch = false, timezoneId = 'UTC' }: NewUserOptions = {}) {
      if (!browser || !url) throw new Error('the browser is not started yet');
      // A fixed locale and time zone make the list's date text predictable.
      const context = await browser.newContext({
        baseURL: url,
        viewport: PHONE,
        locale: 'en-US',
        timezoneId,
        hasTouch: touch,
      });
      // A step that cannot happen fails in 10 s, not Playwright's 30 s default.
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      const user = { context, page, errors: new PageErrorLog(page) };
      users.push(user);
      return user;
    },
    async signedUpOnTrack(label, options) {
      const user = await harness.newUser(options);
      const email = uniqueEmail(label);
      await signUpThroughApi(user.page, harness.url, email);
      return { ...user, email };
    },
  };
  return harness;
}
