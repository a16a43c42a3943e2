import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { databaseWhenOpen } from '../src/db/database-when-open.ts';
import { databaseForFile } from './helpers/server-for-file.ts';

// The server builds its app on a database still opening (ADR 099): what
// the app asks of it meanwhile must wait for the open, not fail or vanish.
const database = await databaseForFile();
const shape = { concurrency: 2, runsOnEventLoop: false };

describe('a database still opening', () => {
  it('answers calls made before the open once it is open, and after it at once', async () => {
    let open!: (db: Database) => void;
    const db = databaseWhenOpen(new Promise<Database>((resolve) => (open = resolve)), shape);
    expect(db.concurrency).toBe(2);
    let answered = false;
    const early = db.query<{ n: number }>('SELECT 41 + 1 AS n').then((result) => {
      answered = true;
      return result;
    });
    const inTransaction = db.transaction((tx) => tx.query<{ n: number }>('SELECT 7 AS n'));
    // Nothing answers before the open, however long it takes.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);

    open(database.db);
    expect((await early).rows).toEqual([{ n: 42 }]);
    expect((await inTransaction).rows).toEqual([{ n: 7 }]);
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
  });

  it('gives every call the reason the open failed', async () => {
    const failure = new Error('DATA_DIR is held by another server');
    const db = databaseWhenOpen(Promise.reject(failure), shape);
    await expect(db.query('SELECT 1')).rejects.toBe(failure);
    await expect(db.untilOnDisk()).rejects.toBe(failure);
  });
});
