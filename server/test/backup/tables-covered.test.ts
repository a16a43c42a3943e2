import { describe, expect, it } from 'vitest';
import { BACKED_UP_TABLES, NOT_BACKED_UP } from '../../src/backup/backed-up-tables.ts';
import { databaseForFile } from '../helpers/server-for-file.ts';

// A table a migration adds must be a decision (docs/decisions/020): backed up,
// or left out for a reason written in backed-up-tables.ts. Otherwise a
// restore would quietly lose what people keep in it.

const database = await databaseForFile();

describe('the tables a backup holds', () => {
  it('cover every table the migrations make, each either backed up or left out on purpose', async () => {
    const { rows } = await database.db.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p')
         AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
       ORDER BY 1`,
    );
    const decided = [...BACKED_UP_TABLES.map((t) => t.name), ...Object.keys(NOT_BACKED_UP)];
    expect(rows.map((r) => r.name)).toEqual(decided.toSorted());
  });
});
