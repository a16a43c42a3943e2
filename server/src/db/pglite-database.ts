import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(db: PGliteQueryable): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await db.query<Row>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/** Embedded PostgreSQL; dataDir undefined keeps it in memory (tests). */
export async function createPgliteDatabase(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create(dataDir);
  const direct = wrap(db);
  return {
    ...direct,
    // PGlite is one connection: its transaction() queues other work until done.
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      await db.close();
    },
  };
}
