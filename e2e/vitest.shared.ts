import type { ViteUserConfig } from 'vitest/config';

/** What the e2e everyday and system suites share. */
export const e2eTestOptions = {
  // The data directories' folder, and the shared server and Chromium.
  globalSetup: ['./global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // Browser journeys on 2 cores: one file at a time, each step waiting on
  // real rendering.
  fileParallelism: false,
  reporters: ['default', '@energy-tracker/test-support/slowest-files-reporter'],
} satisfies ViteUserConfig['test'];
