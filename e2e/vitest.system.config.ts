import { defineConfig } from 'vitest/config';
import { e2eTestOptions } from './vitest.shared.ts';

// The e2e system tests (docs/testing.md): restarts of real processes,
// replicas on PostgreSQL, journals of 20,000 entries.
export default defineConfig({
  test: {
    ...e2eTestOptions,
    include: ['tests/**/*.system.test.ts'],
  },
});
