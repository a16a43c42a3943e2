import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.shared.ts';

// `npm test`'s server part: everything that asserts behaviour, in minutes.
// Crashes, full disks, CLI processes and 20,000-entry seeds are the system
// suite's (vitest.system.config.ts, docs/testing.md).

const everyFile = ['test/**/*.test.ts'];
const systemFiles = ['test/**/*.system.test.ts'];

/**
 * The protocol files: every error code and status the two APIs answer with,
 * `.single()` and `.maybeSingle()`, Prefer headers, RPC errors, row-level
 * security's refusals and bad input on the wire. They run a second time on
 * the embedded database as `npm start` opens it (its own thread, its data
 * directory and WAL syncs), where an answer crosses a thread boundary that
 * the in-process database does not have (docs/testing.md).
 */
const protocolFiles = [
  'test/no-server-errors.test.ts',
  'test/rpc-no-server-errors.test.ts',
  'test/rest/error-answers.test.ts',
  'test/rest/spec-calls.test.ts',
  'test/rest/bad-input-wire.test.ts',
  'test/rest/bad-input-query.test.ts',
  'test/rest/filters.test.ts',
  'test/rest/mutations.test.ts',
  'test/rest/upsert.test.ts',
  'test/rest/rpc.test.ts',
  'test/rest/row-level-security.test.ts',
  'test/rest/request-limits.test.ts',
  'test/auth/bad-input.test.ts',
  'test/auth/password-grant.test.ts',
];

// On PostgreSQL (the system suite's second pass) there is no embedded engine
// to run them on: one project, every file.
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

export default defineConfig({
  test: {
    ...serverTestOptions,
    projects: [
      {
        extends: true,
        test: {
          name: onPostgres ? 'PostgreSQL' : 'in-process',
          include: everyFile,
          exclude: systemFiles,
        },
      },
      ...(onPostgres
        ? []
        : [
            {
              extends: true,
              test: {
                name: 'npm start engine',
                include: protocolFiles,
                env: { ET_TEST_ENGINE: 'embedded' },
              },
            },
          ]),
    ],
  },
});
