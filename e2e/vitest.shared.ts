import type { ViteUserConfig } from 'vitest/config';

/** What the e2e everyday and system suites share. */
export const e2eTestOptions = {
  // The data directories' folder, and the shared server and Chromium.
  globalSetup: ['./global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // expect.poll waits for what a page shows after a request: a second (the
  // default) failed while the suites shared a busy machine's two cores. A
  // bound that only catches a hang, not a speed goal (docs/decisions/061).
  expect: { poll: { timeout: 10_000 } },
  // Most of a journey is waiting on the page, so two files at once pay on
  // two cores (docs/testing.md).
  maxWorkers: 2,
  reporters: ['default', '@energy-tracker/test-support/slowest-files-reporter'],
} satisfies ViteUserConfig['test'];
