import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open-database.ts';
import { loadJwtSecret } from '../src/secrets.ts';
import { createPgDatabase } from '../src/db/pg-database.ts';
import { databaseForFile } from './helpers/server-for-file.ts';
import { createTestDatabase, usingRealPostgres } from './helpers/test-database.ts';

const database = await databaseForFile();

describe('migrations and seed', () => {
  it('apply once: a second run changes nothing', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM public.questions q
       JOIN public.pages p ON p.id = q.page_id WHERE p.name = 'good_time_journal'`,
    );
    expect(rows[0]?.n).toBe(5);
  });

  // A start on files already applied reads one recorded digest and stops
  // (docs/decisions/094): it replaces no function. The row's xmin changes
  // whenever CREATE OR REPLACE rewrites a function, even to the same text.
  const functionRowVersion = async () =>
    (
      await database.db.query<{ xmin: string }>(
        `SELECT xmin::text FROM pg_proc WHERE oid = 'journal_private.second_factor_satisfied()'::regprocedure`,
      )
    ).rows[0]?.xmin;

  it('are skipped whole when the files are the ones last applied', async () => {
    const before = await functionRowVersion();
    expect(await migrate(database.db)).toEqual([]);
    expect(await functionRowVersion()).toBe(before);
  });

  it('run again when the files differ from the ones last applied, and record them', async () => {
    const { rows: recorded } = await database.db.query<{ digest: string }>(
      'SELECT digest FROM et_meta.applied_set',
    );
    await database.db.query(`UPDATE et_meta.applied_set SET digest = 'an older set of files'`);
    const before = await functionRowVersion();
    expect(await migrate(database.db)).toEqual([]);
    expect(await functionRowVersion()).not.toBe(before);
    const { rows: after } = await database.db.query<{ digest: string }>(
      'SELECT digest FROM et_meta.applied_set',
    );
    expect(after).toEqual(recorded);
  });

  it('seed the journal page with its five active questions', async () => {
    const { rows } = await database.db.query<{ question: string; active: boolean }>(
      `SELECT q.question, q.active FROM public.questions q
       JOIN public.pages p ON p.id = q.page_id
       WHERE p.name = 'good_time_journal' ORDER BY q.id`,
    );
    expect(rows).toEqual(
      [
        'Activity Description',
        'Energy Level',
        'Engagement Level',
        'Flow State',
        'Activity Notes',
      ].map((question) => ({ question, active: true })),
    );
  });

  it('leave row-level security on for every application table', async () => {
    const { rows } = await database.db.query<{ relname: string; relrowsecurity: boolean }>(
      `SELECT relname, relrowsecurity FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'activity_entries', relrowsecurity: true },
      { relname: 'pages', relrowsecurity: true },
      { relname: 'push_subscriptions', relrowsecurity: true },
      { relname: 'questions', relrowsecurity: true },
      { relname: 'reminder_settings', relrowsecurity: true },
      { relname: 'user_answers', relrowsecurity: true },
      { relname: 'weekly_reviews', relrowsecurity: true },
    ]);
  });

  it('index the history query by user and time', async () => {
    const { rows } = await database.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'user_answers'`,
    );
    expect(rows.map((r) => r.indexdef).join('\n')).toContain(
      '(user_id, created_at DESC, question_id)',
    );
  });
});

describe('the generated JWT secret', () => {
  it('is created once, kept with mode 0600 and reused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'et-secret-'));
    const first = await loadJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadJwtSecret(undefined, dir)).toBe(first);
    expect((await readFile(join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
  });

  it('stops the server rather than sign with a short or empty kept secret', async () => {
    for (const weak of ['abc\n', '']) {
      const dir = await mkdtemp(join(tmpdir(), 'et-secret-'));
      await writeFile(join(dir, 'jwt-secret'), weak);
      await expect(loadJwtSecret(undefined, dir)).rejects.toThrow(/shorter than 32 characters/);
    }
  });

  it('gives servers starting together one and the same secret', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'et-secret-'));
    const secrets = await Promise.all(
      Array.from({ length: 5 }, () => loadJwtSecret(undefined, dir)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
  });

  it('comes from JWT_SECRET when that is set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'et-secret-'));
    const secret = 'x'.repeat(40);
    expect(await loadJwtSecret(secret, dir)).toBe(secret);
  });
});

describe('replicas starting together', () => {
  it.skipIf(!usingRealPostgres)('apply each migration exactly once', async () => {
    const fresh = await createTestDatabase({ migrated: false });
    const others = Array.from({ length: 3 }, () => createPgDatabase(fresh.url!));
    try {
      const applied = await Promise.all([fresh.db, ...others].map((db) => migrate(db)));
      const names = applied.flat();
      expect(names.length).toBeGreaterThan(0);
      expect(new Set(names).size).toBe(names.length);
    } finally {
      await Promise.all(others.map((db) => db.close()));
      await fresh.drop();
    }
  });
});

describe('a database user that cannot switch roles', () => {
  it.skipIf(!usingRealPostgres)('stops the server at start, naming the missing GRANT', async () => {
    const adminUrl = process.env['TEST_DATABASE_URL']!;
    const suffix = randomBytes(4).toString('hex');
    const [user, dbName] = [`et_test_owner_${suffix}`, `et_test_owned_${suffix}`];
    const admin = createPgDatabase(adminUrl);
    await admin.exec(`CREATE ROLE ${user} LOGIN`);
    await admin.exec(`CREATE DATABASE ${dbName} OWNER ${user}`);
    try {
      const url = new URL(adminUrl);
      url.username = user;
      url.pathname = `/${dbName}`;
      const config = readConfig({ DATABASE_URL: url.toString() });
      await expect(openDatabase(config)).rejects.toThrow(`GRANT anon, authenticated TO "${user}"`);
      await admin.exec(`GRANT anon, authenticated TO ${user}`);
      const db = await openDatabase(config);
      await db.close();
    } finally {
      await admin.exec(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.exec(`DROP ROLE IF EXISTS ${user}`);
      await admin.close();
    }
  });
});
