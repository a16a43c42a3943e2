import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';

// Timestamps and bigints are turned into JSON by PostgreSQL itself where they
// reach a client; elsewhere the server wants plain JS values like PGlite gives.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
      const r = await client.query(sql, params);
      return { rows: r.rows as Row[], rowCount: r.rowCount ?? 0 };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which allows many statements.
      await client.query(sql);
    },
  };
}

export function createPgDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const pooled = wrap(pool);
  return {
    ...pooled,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
