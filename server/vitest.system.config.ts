import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// The server's system tests (docs/testing.md): crashes and restarts of real
// processes, full disks, CLI commands, seeds of 20,000 entries.
export default defineConfig({
  test: {
    ...serverTestOptions,
    include: ['test/**/*.system.test.ts'],
    // These load the cores themselves (seeds, child processes, sustained
    // saves) and some compare timings within a run: two at a time.
    maxWorkers: 2,
  },
});
