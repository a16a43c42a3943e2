import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file starts real servers and a browser: one at a time on 2 cores.
    fileParallelism: false,
  },
});
