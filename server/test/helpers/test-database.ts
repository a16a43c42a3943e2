import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createPgliteDatabase } from '../../src/db/embedded/pglite-database.ts';
import {
  databaseUrl,
  templateDatabaseName,
  templateImage,
  withAdmin,
} from './template-database.ts';

export interface TestDatabase {
  db: Database;
  /** Set when running against real PostgreSQL: the URL of this test's own database. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a new database on the server named by TEST_DATABASE_URL (CI), so that no
 * test ever sees another's rows. Migrated means a clone of the run's template
 * (template-database.ts); without one (a file run outside the suite's global
 * setup) the migrations run here.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const image = migrated ? await templateImage() : undefined;
    const db = await createPgliteDatabase(undefined, { image });
    if (migrated && !image) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `et_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? templateDatabaseName() : undefined;
  await withAdmin(adminUrl, (c) =>
    c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = databaseUrl(adminUrl, name);
  const db = createPgDatabase(url);
  if (migrated && !template) await migrate(db);
  return {
    db,
    url,
    async drop() {
      // A test may have closed it already (to see the server without a database).
      await db.close().catch(() => {});
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export const usingRealPostgres = Boolean(process.env['TEST_DATABASE_URL']);
