import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.ts';

type PGliteQueryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(db: PGliteQueryable): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await db.query<Row>(sql, params);
      // Like node-postgres: rows returned for a query with a result set,
      // rows affected otherwise (PGlite reports affectedRows 0 for a SELECT).
      const rowCount = r.fields.length > 0 ? r.rows.length : (r.affectedRows ?? 0);
      return { rows: r.rows, rowCount };
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
