import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    // A worker runs file after file in one jsdom and one module graph instead
    // of building both anew for each file: a third of the suite's time went
    // to the environment and another sixth to imports (110 s alone against
    // 47 s). Each test still renders the app afresh, with a new client and
    // an empty localStorage (test/setup.ts), like a new page load.
    isolate: false,
    include: ['test/**/*.test.{ts,tsx}'],
    // One real server for the whole run; every test signs up its own user on it.
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    reporters: ['default', '../test-support/slowest-files-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    onConsoleLog(log) {
      // Each test makes the app's client afresh, like a new page load, after
      // disposing the last one; supabase-js still counts every instance ever
      // made for the storage key and warns from the second on.
      if (log.includes('Multiple GoTrueClient instances detected')) return false;
    },
  },
});
