import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createPgliteDatabase } from '../../src/db/embedded/pglite-database.ts';

// One migrated database per run, cloned for every test database
// (docs/testing.md): running the migrations and PGlite's initdb for each test
// file cost seconds a file; a clone costs a fraction of one.
//
// The run's global setup builds the template and names it in the
// environment, which the test workers inherit:
const IMAGE_PATH = 'ET_TEST_TEMPLATE_IMAGE'; // PGlite: a data directory image on disk
const DATA_DIR_PATH = 'ET_TEST_TEMPLATE_DATA_DIR'; // npm start's engine: a DATA_DIR to copy
const TEMPLATE_NAME = 'ET_TEST_TEMPLATE_DATABASE'; // PostgreSQL: a database to copy

/** Builds the run's template; returns what removes it when the run ends. */
export async function buildTemplateDatabase(): Promise<() => Promise<void>> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    const db = await createPgliteDatabase(undefined);
    await migrate(db);
    const image = await db.dumpDataDir();
    await db.close();
    const dir = await mkdtemp(join(tmpdir(), 'energy-tracker-template-'));
    const path = join(dir, 'pgdata.tar');
    await writeFile(path, Buffer.from(await image.arrayBuffer()));
    process.env[IMAGE_PATH] = path;
    // The same database as a data directory on disk, laid out as DATA_DIR
    // is: the files run on the engine `npm start` opens copy it.
    const dataDir = join(dir, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    await (await createPgliteDatabase(join(dataDir, 'pgdata'), { image })).close();
    process.env[DATA_DIR_PATH] = dataDir;
    return () => rm(dir, { recursive: true, force: true });
  }
  const name = `et_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const db = createPgDatabase(databaseUrl(adminUrl, name));
  try {
    await migrate(db);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await db.close();
  }
  process.env[TEMPLATE_NAME] = name;
  return () => withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * An image whose bytes are read once and handed over as they are: PGlite
 * reads an image by asking the Blob for all of its bytes, and a Blob of 42 MB
 * gives them in small pieces joined anew each time, which was 40% of a
 * clone's time (650 ms a clone, 360 ms with this). PGlite copies the files
 * out of what it is given; a copy of the bytes for each clone keeps the kept
 * ones untouched all the same.
 */
class KeptImage extends Blob {
  readonly #bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    super([], { type: 'application/x-tar' });
    this.#bytes = bytes;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer);
  }
}

let image: Promise<Blob> | undefined;

/** The run's PGlite image, read once per worker; undefined outside a run's setup. */
export function templateImage(): Promise<Blob> | undefined {
  const path = process.env[IMAGE_PATH];
  if (!path) return undefined;
  image ??= readFile(path).then((bytes) => new KeptImage(bytes));
  return image;
}

/** The run's migrated DATA_DIR, to copy; undefined outside a run's setup. */
export const templateDataDir = (): string | undefined => process.env[DATA_DIR_PATH];

/** The run's PostgreSQL template; undefined outside a run's setup. */
export const templateDatabaseName = (): string | undefined => process.env[TEMPLATE_NAME];

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
