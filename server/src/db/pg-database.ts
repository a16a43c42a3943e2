import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.ts';
import { preparedOnce, resultsOfSteps } from './script-steps.ts';

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

const POOL_SIZE = 10;

/** What a PostgreSQL database is before its pool opens (database-when-open.ts). */
export const POSTGRES_SHAPE = { concurrency: POOL_SIZE, runsOnEventLoop: false } as const;

/**
 * Rolls back after a failure. A connection whose ROLLBACK failed may still be
 * inside the transaction, holding its locks and its role: the next request
 * must never get it, so the error is returned for release(err), which closes
 * the connection instead of pooling it.
 */
async function rollback(client: pg.PoolClient): Promise<Error | undefined> {
  try {
    await client.query('ROLLBACK');
    return undefined;
  } catch (err) {
    return err instanceof Error ? err : new Error('ROLLBACK failed');
  }
}

/**
 * Runs `work`, which begins a transaction, on a connection of its own. A
 * failure (a statement, a script, or the work's own throw) leaves that
 * transaction open, possibly aborted: it is rolled back before the connection
 * goes back to the pool, or closed when even that fails.
 */
async function onOwnConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (err) {
    broken = await rollback(client);
    throw err;
  } finally {
    client.release(broken);
  }
}

export function createPgDatabase(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const pooled = wrap(pool);
  return {
    ...pooled,
    transaction: (fn) =>
      onOwnConnection(pool, async (client) => {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      }),
    transactionScript: (steps, beforeCommit) =>
      onOwnConnection(pool, async (client) => {
        // A pooled connection serves requests of every shape: its statement
        // is prepared for this one request.
        const rendered = preparedOnce(steps);
        const { statements } = rendered;
        const script = ['BEGIN', ...statements, ...(beforeCommit ? [] : ['COMMIT'])].join(';\n');
        const raw = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
        const each = (Array.isArray(raw) ? raw : [raw])
          .slice(1, statements.length + 1)
          .map((r) => ({ rows: r.rows as Record<string, unknown>[], rowCount: r.rowCount ?? 0 }));
        const results = resultsOfSteps(rendered, each);
        if (beforeCommit) {
          await beforeCommit(results);
          await client.query('COMMIT');
        }
        return results;
      }),
    // PostgreSQL has synced its WAL when COMMIT returns (synchronous_commit).
    deferDiskSync: (work) => work(),
    untilOnDisk: async () => {},
    ...POSTGRES_SHAPE,
    async close() {
      await pool.end();
    },
  };
}
