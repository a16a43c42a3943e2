import { defineConfig } from 'vitest/config';
import { e2eTestOptions } from './vitest.shared.ts';

// `npm test`'s browser journeys. The system suite's files (restarts, replicas,
// 20,000-entry seeds) run with vitest.system.config.ts (docs/testing.md).
export default defineConfig({
  test: {
    ...e2eTestOptions,
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/**/*.system.test.ts'],
  },
});
