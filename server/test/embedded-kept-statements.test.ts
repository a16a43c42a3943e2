import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, type PgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { KEPT_STATEMENTS } from '../src/db/embedded/kept-statements.ts';
import type { PreparedStep } from '../src/db/script-steps.ts';

// The embedded database keeps a data request's prepared statement for the
// next request of the same shape (docs/decisions/077). What it believes the
// session holds must be what the session holds: after a failure, with two
// scripts sent at once, past the number of shapes it keeps, and for a role
// that may not run what another role's kept plan runs.

let db: PgliteDatabase;

beforeAll(async () => {
  db = await createPgliteDatabase(undefined);
  await db.exec('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
}, 60_000);

afterAll(() => db.close());

const insert = (id: number, body: string): PreparedStep => ({
  prepare: 'INSERT INTO notes VALUES ($1::int, $2) RETURNING id, body',
  args: [`'${id}'`, `'${body}'`],
  role: 'postgres',
});

/** A statement of its own shape for each n: its text names the column as n. */
const shape = (n: number): PreparedStep => ({
  prepare: `SELECT $1::int + ${n} AS "${n}"`,
  args: ["'1'"],
  role: 'postgres',
});

const held = async () =>
  (
    await db.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name',
    )
  ).rows.map((r) => r.statement);

describe('statements the embedded database keeps', () => {
  it('prepares a shape once and runs it again by name, each result the EXECUTE’s', async () => {
    for (const [id, body] of [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ] as const) {
      const [set, inserted] = await db.transactionScript([
        "SET LOCAL statement_timeout = '5s'",
        insert(id, body),
      ]);
      expect(set?.rows).toEqual([]);
      expect(inserted?.rows).toEqual([{ id, body }]);
    }
    const statements = await held();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('INSERT INTO notes VALUES ($1::int, $2)');
  });

  it('after a failed script, runs the same shape again and reports the same error', async () => {
    for (let i = 0; i < 2; i++) {
      const failure = await db
        .transactionScript([insert(1, 'again')])
        .catch((e: { code?: string }) => e.code);
      expect(failure).toBe('23505');
    }
    const [inserted] = await db.transactionScript([insert(4, 'four')]);
    expect(inserted?.rows).toEqual([{ id: 4, body: 'four' }]);
    expect(await held()).toHaveLength(1);
  });

  it('runs two scripts of a new shape sent at once, the second by the name the first made', async () => {
    const both = await Promise.all([
      db.transactionScript([shape(1000)]),
      db.transactionScript([shape(1000)]),
    ]);
    expect(both.map(([r]) => r?.rows)).toEqual([[{ 1000: 1001 }], [{ 1000: 1001 }]]);
    expect((await held()).filter((s) => s.includes('1000'))).toHaveLength(1);
  });

  it('keeps a plan for its role only: another role is still refused a function it may not run', async () => {
    await db.exec(`
      CREATE ROLE kept_member; CREATE ROLE kept_stranger;
      GRANT SELECT ON notes TO kept_member, kept_stranger;
      CREATE FUNCTION members_only() RETURNS int LANGUAGE sql STABLE AS 'SELECT 42';
      REVOKE EXECUTE ON FUNCTION members_only() FROM PUBLIC;
      GRANT EXECUTE ON FUNCTION members_only() TO kept_member;`);
    // SQL functions are inlined when planned; the right to run them is checked then.
    const asRole = (role: string) =>
      db.transactionScript([
        `SET LOCAL ROLE ${role}`,
        { prepare: 'SELECT members_only() AS answer', args: [], role },
      ]);
    for (let i = 0; i < 3; i++) {
      const [, member] = await asRole('kept_member');
      expect(member?.rows).toEqual([{ answer: 42 }]);
      const stranger = await asRole('kept_stranger').catch((e: { code?: string }) => e.code);
      expect(stranger).toBe('42501');
    }
  });

  it(`holds at most ${KEPT_STATEMENTS} shapes, the least recently used going first`, async () => {
    const [first] = await db.transactionScript([insert(5, 'five')]);
    expect(first?.rowCount).toBe(1);
    for (let n = 0; n < KEPT_STATEMENTS + 6; n++) {
      const [r] = await db.transactionScript([shape(n)]);
      expect(r?.rows).toEqual([{ [n]: n + 1 }]);
      // The insert stays in use, so the selects make each other go.
      if (n % 10 === 0) await db.transactionScript([insert(100 + n, `at ${n}`)]);
    }
    const statements = await held();
    expect(statements).toHaveLength(KEPT_STATEMENTS);
    expect(statements.some((s) => s.includes('INSERT INTO notes'))).toBe(true);
    expect(statements.some((s) => s.includes(`+ ${KEPT_STATEMENTS + 5} AS`))).toBe(true);
    expect(statements.some((s) => s.includes('+ 0 AS'))).toBe(false);
    // A shape that went is prepared again when it comes back.
    const [again] = await db.transactionScript([shape(0)]);
    expect(again?.rows).toEqual([{ 0: 1 }]);
    expect(await held()).toHaveLength(KEPT_STATEMENTS);
  });
});
