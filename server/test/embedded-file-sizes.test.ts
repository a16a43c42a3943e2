import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type PgliteDatabase } from '../src/db/embedded/pglite-database.ts';

// The embedded database keeps its files' sizes instead of asking the system
// for them at every look (src/db/embedded/pglite-file-sizes.ts, ADR 104):
// what PostgreSQL then believes of a relation's size must be what is on disk,
// through growth, truncation and a rewrite, and across a restart. Opened here
// in the test's thread; the database's thread of `npm start` opens it through
// the same function, and the protocol files run on that engine too.

let dir: string;
let db: PgliteDatabase;
const dataDir = () => join(dir, 'pgdata');
const open = () => createPgliteDatabase(dataDir());

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'et-file-sizes-'));
  db = await open();
});
afterAll(async () => {
  await db?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The table's main file on disk, in bytes. */
async function fileSize(table: string): Promise<number> {
  const { rows } = await db.query<{ path: string }>(
    `SELECT pg_relation_filepath('${table}') AS path`,
  );
  return (await stat(join(dataDir(), rows[0]!.path))).size;
}

/**
 * Rows a sequential scan finds: it reads every block PostgreSQL believes
 * the table has, so a size kept too small misses rows and one kept too
 * large reads past the end of the file, which is an error.
 */
async function scannedRows(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(body)::int AS n FROM notes');
  return rows[0]!.n;
}

const fill = (rows: number) =>
  db.exec(`INSERT INTO notes (body) SELECT repeat('x', 200) FROM generate_series(1, ${rows})`);

describe('the embedded database file sizes', () => {
  it('are what is on disk as a table grows, shrinks, empties and is rewritten', async () => {
    await db.exec('CREATE TABLE notes (id bigserial PRIMARY KEY, body text)');
    await db.exec('SET enable_indexscan = off; SET enable_indexonlyscan = off');
    await db.exec('SET enable_bitmapscan = off');
    await fill(20_000);
    expect(await scannedRows()).toBe(20_000);
    const grown = await fileSize('notes');
    // VACUUM gives the empty pages at the end of the file back.
    await db.exec('DELETE FROM notes WHERE id > 5000');
    await db.exec('VACUUM notes');
    expect(await fileSize('notes')).toBeLessThan(grown);
    expect(await scannedRows()).toBe(5_000);
    await fill(3_000);
    expect(await scannedRows()).toBe(8_000);
    await db.exec('TRUNCATE notes');
    expect(await scannedRows()).toBe(0);
    await fill(100);
    expect(await scannedRows()).toBe(100);
    await db.exec('VACUUM FULL notes');
    expect(await scannedRows()).toBe(100);
    await fill(20_000);
    expect(await scannedRows()).toBe(20_100);
  });

  it('keep every row across a restart', async () => {
    const before = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    await db.close();
    db = await open();
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    await fill(1_000);
    expect(await scannedRows()).toBe(after.rows[0]!.n + 1_000);
  });

  it('are asked of the system once a file, not at every look', async () => {
    const fstatSync = fs.fstatSync;
    let asked = 0;
    fs.fstatSync = ((...args: Parameters<typeof fstatSync>) => {
      asked += 1;
      return fstatSync(...args);
    }) as typeof fstatSync;
    syncBuiltinESMExports();
    try {
      for (let i = 0; i < 50; i++) {
        await db.query('INSERT INTO notes (body) VALUES ($1)', [`row ${i}`]);
        await db.query('SELECT body FROM notes WHERE id = $1', [i]);
      }
    } finally {
      fs.fstatSync = fstatSync;
      syncBuiltinESMExports();
    }
    // Planning each lookup looks at the sizes of the table and its index:
    // without the kept sizes, two system calls a lookup (103 here).
    expect(asked).toBeLessThan(10);
  });
});
