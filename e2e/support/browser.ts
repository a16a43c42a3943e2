import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// The system Chromium (Debian's package); test tools never download a browser.
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium tries to reach Google's
// hosts at every start, which this closed network refuses.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const browserAvailable = existsSync(CHROMIUM_PATH);

/** With REQUIRE_E2E=1 (CI) a missing browser fails the run instead of skipping it. */
export const skipBrowserTests = !browserAvailable && process.env['REQUIRE_E2E'] !== '1';

export function launchBrowser(): Promise<Browser> {
  if (!browserAvailable) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}; install it (apt-get install chromium)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
