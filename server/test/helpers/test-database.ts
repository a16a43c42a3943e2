import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createPgliteDatabase } from '../../src/db/pglite-database.ts';

export interface TestDatabase {
  db: Database;
  /** Set when running against real PostgreSQL: the URL of this test's own database. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (CI), so that no
 * test ever sees another's rows.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const db = await createPgliteDatabase(undefined);
    if (migrated) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `et_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPgDatabase(url.toString());
  if (migrated) await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      // A test may have closed it already (to see the server without a database).
      await db.close().catch(() => {});
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}

export const usingRealPostgres = Boolean(process.env['TEST_DATABASE_URL']);
