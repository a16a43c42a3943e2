import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// The server's system tests (docs/testing.md): crashes and restarts of real
// processes, full disks, CLI commands, seeds of 20,000 entries.

const systemFiles = ['test/**/*.system.test.ts'];

/**
 * The system files that run on the embedded database as `npm start` opens it
 * (its own thread, its data directory and WAL syncs) instead of in-process:
 * what one person's requests cost another depends on that engine's path,
 * which the in-process database does not take (ADR 091, 096). On PostgreSQL
 * they run as every other file does.
 */
const shippedEngineFiles = ['test/rest/no-request-stalls.system.test.ts'];

// On PostgreSQL (the system suite's second pass) there is no embedded engine.
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

export default defineConfig({
  test: {
    ...serverTestOptions,
    // These load the cores themselves (seeds, child processes, sustained
    // saves) and some compare timings within a run: two at a time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: onPostgres ? 'PostgreSQL' : 'in-process',
          include: systemFiles,
          // On PGlite they run on the engine that ships only: the in-process
          // database shares the test's event loop, a path no deployment takes.
          exclude: onPostgres ? [] : shippedEngineFiles,
        },
      },
      ...(onPostgres
        ? []
        : [
            {
              extends: true,
              test: {
                name: 'npm start engine',
                include: shippedEngineFiles,
                env: { ET_TEST_ENGINE: 'embedded' },
                // After the other system files, not beside them: twelve heavy
                // requests on two cores beside a 20,000-entry seed would time
                // the machine, not the engine.
                sequence: { groupOrder: 1 },
              },
            },
          ]),
    ],
  },
});
