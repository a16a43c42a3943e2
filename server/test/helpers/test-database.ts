import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { openEmbedded } from '../../src/db/open-database.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createPgliteDatabase } from '../../src/db/embedded/pglite-database.ts';
import {
  databaseUrl,
  templateDataDir,
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
 * Which engine a test database runs on: `embedded` is the one `npm start`
 * opens (a data directory on disk, PGlite on a thread of its own, its WAL
 * synced before an answer); unset, PGlite in memory in the test's own
 * thread. The server suite runs its protocol files on both
 * (vitest.config.ts, docs/testing.md).
 */
export const EMBEDDED_ENGINE_VARIABLE = 'ET_TEST_ENGINE';
export const onShippedEmbeddedEngine = () =>
  !process.env['TEST_DATABASE_URL'] && process.env[EMBEDDED_ENGINE_VARIABLE] === 'embedded';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * the embedded database as `npm start` opens it (onShippedEmbeddedEngine), or
 * a new database on the server named by TEST_DATABASE_URL (CI), so that no
 * test ever sees another's rows. Migrated means a clone of the run's template
 * (template-database.ts); without one (a file run outside the suite's global
 * setup) the migrations run here.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (onShippedEmbeddedEngine()) return openShippedEngine(migrated);
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

/** A DATA_DIR of the file's own, copied from the run's migrated one, opened as the server opens it. */
async function openShippedEngine(migrated: boolean): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'et-test-data-'));
  const dataDir = join(dir, 'data');
  const template = migrated ? templateDataDir() : undefined;
  try {
    if (template) await cp(template, dataDir, { recursive: true });
    const db = await openEmbedded(dataDir, async (opened) => {
      if (migrated && !template) await migrate(opened);
      return { changed: false };
    });
    return {
      db,
      url: undefined,
      async drop() {
        await db.close().catch(() => {});
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

export const usingRealPostgres = Boolean(process.env['TEST_DATABASE_URL']);
