import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autovacuumWarning } from '../src/db/autovacuum-check.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.ts';

let database: TestDatabase;
let serverOn: boolean;
beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await database.db.query<{ on: boolean }>(
    `SELECT current_setting('autovacuum')::boolean AS on`,
  );
  serverOn = rows[0]!.on;
});
afterAll(() => database.drop());

// Whether the machine's server runs autovacuum is its operator's choice (ours
// run with it off), so each case states what it expects for either setting.
describe('the start-up warning about autovacuum', () => {
  it('is given when the server has autovacuum off, and not otherwise', async () => {
    const warning = await autovacuumWarning(database.db);
    if (serverOn) expect(warning).toBeUndefined();
    else expect(warning).toMatch(/^autovacuum is off for the whole server: /);
  });

  it('names a journal table whose own storage parameters turn autovacuum off', async () => {
    await database.db.exec('ALTER TABLE public.activity_entries SET (autovacuum_enabled = false)');
    try {
      const warning = await autovacuumWarning(database.db);
      expect(warning).toMatch(
        serverOn ? /^autovacuum is off for activity_entries: / : /for the whole server/,
      );
    } finally {
      await database.db.exec('ALTER TABLE public.activity_entries RESET (autovacuum_enabled)');
    }
  });
});
