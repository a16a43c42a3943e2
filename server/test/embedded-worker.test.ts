import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openEmbedded } from '../src/db/open-database.ts';
import { AuthApiError } from '../src/auth/request/errors.ts';
import { DataErrorCode } from '../src/rest/error-codes.ts';
import { DataApiError } from '../src/rest/errors.ts';

// The embedded database on its own thread (docs/decisions/075) keeps the
// contract every caller relies on: PostgreSQL's error fields arrive as the
// APIs read them, a throw inside a transaction or before a script's COMMIT
// rolls it back, and what was committed is still there after a restart. A
// script without a check runs as one implicit transaction (ADR 076): all or
// nothing, its SET LOCAL ending with it.

let dir = '';
let db: Database;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'et-worker-'));
  db = await openEmbedded(dir);
  await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
}, 60_000);

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const bodies = async (database = db) =>
  (await database.query<{ body: string }>('SELECT body FROM notes ORDER BY id')).rows.map(
    (r) => r.body,
  );

describe('the embedded database on a thread of its own', () => {
  it('hands over PostgreSQL’s error with its code, detail and constraint', async () => {
    await db.query('INSERT INTO notes VALUES (1, $1)', ['first']);
    const err = await db.query('INSERT INTO notes VALUES (1, $1)', ['again']).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 'notes_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    expect(await bodies()).toEqual(['first']);
  });

  it('rolls a transaction back when its work throws, and commits it when it returns', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO notes VALUES (2, $1)', ['lost']);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(failure).toBe('changed my mind');
    const kept = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO notes VALUES (3, $1)', ['kept']);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]?.n;
    });
    expect(kept).toBe(2);
    expect(await bodies()).toEqual(['first', 'kept']);
  });

  it('lets a script’s check see its results and roll it back before COMMIT', async () => {
    const seen: unknown[] = [];
    const refused = await db
      .transactionScript(["INSERT INTO notes VALUES (4, 'checked') RETURNING id"], (results) => {
        seen.push(results[0]?.rows);
        throw new Error('one row too many');
      })
      .catch((e: Error) => e.message);
    expect(refused).toBe('one row too many');
    expect(seen).toEqual([[{ id: 4 }]]);
    const results = await db.transactionScript(
      ["INSERT INTO notes VALUES (5, 'passed') RETURNING id"],
      async (r) => {
        expect(r[0]?.rowCount).toBe(1);
      },
    );
    expect(results[0]?.rows).toEqual([{ id: 5 }]);
    expect(await bodies()).toEqual(['first', 'kept', 'passed']);
  });

  it('gives back the very error a check or a transaction’s work threw, class and all', async () => {
    // The APIs answer by the error's class (a DataApiError's status and
    // code): a copy that crossed to the worker and back would be a plain
    // Error, answered as a 500.
    const refusal = new DataApiError(406, DataErrorCode.notSingular, 'not one row', {
      details: 'The result contains 0 rows',
    });
    const fromCheck = await db
      .transactionScript(['SELECT 1'], () => {
        throw refusal;
      })
      .catch((e: unknown) => e);
    expect(fromCheck).toBe(refusal);
    const authRefusal = new AuthApiError(422, 'user_already_exists', 'taken');
    const fromWork = await db
      .transaction(async (tx) => {
        await tx.query('SELECT 1');
        throw authRefusal;
      })
      .catch((e: unknown) => e);
    expect(fromWork).toBe(authRefusal);
  });

  it('hands over a raised error’s detail and hint, and any status of its own', async () => {
    const err = await db
      .query(
        `DO $$ BEGIN RAISE EXCEPTION 'Entry not found'
           USING ERRCODE = 'PT404', DETAIL = 'the detail', HINT = 'the hint'; END $$`,
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'PT404',
      message: 'Entry not found',
      detail: 'the detail',
      hint: 'the hint',
    });
  });

  it('rolls back and goes on when the thrown error holds something that cannot cross', async () => {
    const odd = Object.assign(new Error('odd'), { code: 'X', callback: { run: () => {} } });
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("INSERT INTO notes VALUES (8, 'odd')");
        throw odd;
      })
      .catch((e: unknown) => e);
    expect(failure).toBe(odd);
    const refused = await db
      .transactionScript(["INSERT INTO notes VALUES (9, 'odd')"], () => {
        throw odd;
      })
      .catch((e: unknown) => e);
    expect(refused).toBe(odd);
    expect(await bodies()).toEqual(['first', 'kept', 'passed']);
  });

  it('runs a script without a check as one transaction: all of it or none', async () => {
    const failure = await db
      .transactionScript([
        "INSERT INTO notes VALUES (7, 'half')",
        "INSERT INTO notes VALUES (1, 'again')",
      ])
      .catch((e: { code?: string }) => e.code);
    expect(failure).toBe('23505');
    expect(await bodies()).toEqual(['first', 'kept', 'passed']);
    const [, shown] = await db.transactionScript([
      "SET LOCAL statement_timeout = '7s'",
      'SHOW statement_timeout',
    ]);
    expect(shown?.rows).toEqual([{ statement_timeout: '7s' }]);
    const after = await db.query('SHOW statement_timeout');
    expect(after.rows).toEqual([{ statement_timeout: '0' }]);
  });

  it('keeps every committed write across a restart, deferred syncs included', async () => {
    await db.deferDiskSync(() => db.query("INSERT INTO notes VALUES (6, 'deferred')"));
    await db.untilOnDisk();
    await db.close();
    db = await openEmbedded(dir);
    expect(await bodies()).toEqual(['first', 'kept', 'passed', 'deferred']);
  }, 60_000);
});

describe('opening a data directory that its preparation changed', () => {
  it('goes on with a fresh thread that sees the change, the directory locked throughout', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'et-worker-fresh-'));
    // The lock file names this process while the first thread prepares and
    // after the second has opened: no other server could start in between.
    const holder = async () => (await readFile(join(fresh, 'server.pid'), 'utf8')).split(' ')[0];
    const holders: (string | undefined)[] = [];
    const opened = await openEmbedded(fresh, async (first) => {
      await first.exec("CREATE TABLE prepared (note text); INSERT INTO prepared VALUES ('made')");
      holders.push(await holder());
      return { changed: true };
    });
    try {
      expect((await opened.query('SELECT note FROM prepared')).rows).toEqual([{ note: 'made' }]);
      holders.push(await holder());
      expect(holders).toEqual([String(process.pid), String(process.pid)]);
    } finally {
      await opened.close();
      await rm(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
