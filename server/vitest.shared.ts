import type { ViteUserConfig } from 'vitest/config';

/** What the server's everyday and system suites share. */
export const serverTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  // A worker runs file after file in one process, so PostgreSQL's WebAssembly
  // is compiled once per worker, not once per file (seconds each). Every file
  // still gets a database of its own (test-database.ts).
  isolate: false,
  // Most of a server test's time is spent waiting (on sockets, timers, the
  // mail and push peers), so more workers than cores pay: measured 154 s at
  // 2 workers, 107 s at 4 (docs/testing.md).
  maxWorkers: 4,
  // One migrated database per run; every test database is a clone of it.
  globalSetup: ['./test/global-setup.ts'],
  reporters: ['default', '@energy-tracker/test-support/slowest-files-reporter'],
} satisfies ViteUserConfig['test'];
