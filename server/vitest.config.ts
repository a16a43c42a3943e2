import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// `npm test`'s server part: everything that asserts behaviour, in minutes.
// Crashes, full disks, CLI processes and 20,000-entry seeds are the system
// suite's (vitest.system.config.ts, docs/testing.md).
export default defineConfig({
  test: {
    ...serverTestOptions,
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.system.test.ts'],
  },
});
