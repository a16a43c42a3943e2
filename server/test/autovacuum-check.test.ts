import { beforeAll, describe, expect, it } from 'vitest';
import { autovacuumWarning } from '../src/db/autovacuum-check.ts';
import { databaseForFile } from './helpers/server-for-file.ts';

const database = await databaseForFile();
let serverOn: boolean;
beforeAll(async () => {
  const { rows } = await database.db.query<{ on: boolean }>(
    `SELECT current_setting('autovacuum')::boolean AS on`,
  );
  serverOn = rows[0]!.on;
});

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
