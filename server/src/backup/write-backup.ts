import { createHash } from 'node:crypto';
import { link, open, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Database, Queryable, QueryResult } from '../db/database.ts';
import {
  BACKED_UP_TABLES,
  backedUpColumns,
  QUESTION_FIELD,
  quoteIdent,
  type BackedUpTable,
} from './backed-up-tables.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  toLine,
  type BackupHeader,
  type EndLine,
} from './format.ts';
import { verifyBackup } from './restore-backup.ts';
import { CommandRefusal } from '../cli/refusal.ts';

const PAGE_ROWS = 1000;

export interface BackupSummary {
  accounts: number;
  entries: number;
  rows: Record<string, number>;
}

/**
 * Writes every backed-up row of db to file, from one snapshot of the
 * database. The file appears only when complete (written beside it, then
 * linked into place), is readable by its owner alone (it holds password
 * hashes), and an existing file is never replaced. Before it appears it is
 * read back: the same bytes (sha256) and the same rows per table as written.
 */
export async function writeBackup(db: Database, file: string): Promise<BackupSummary> {
  await refuseExisting(file);
  const partial = join(dirname(file), `.${basename(file)}.${process.pid}.partial`);
  const handle = await open(partial, 'wx', 0o600).catch((err: NodeJS.ErrnoException) => {
    throw new CommandRefusal(`cannot write ${file}: ${reason(err)}`);
  });
  try {
    const written = createHash('sha256');
    const summary = await db.transaction(async (tx) => {
      // One snapshot for every table: a sign-up during the backup is either
      // wholly in it or not at all (PostgreSQL; PGlite has no one else).
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return writeRows(tx, async (text) => {
        written.update(text, 'utf8');
        await handle.write(text);
      });
    });
    await handle.sync();
    await handle.close();
    await verifyBackup(partial, { sha256: written.digest('hex'), rows: summary.rows }).catch(
      (err: unknown) => {
        const why =
          err instanceof Error ? err.message.replaceAll(partial, 'the file') : String(err);
        throw new CommandRefusal(
          `the backup did not read back as written (${why}); ${file} was not written`,
        );
      },
    );
    await link(partial, file).catch((err: NodeJS.ErrnoException) => {
      throw new CommandRefusal(`cannot write ${file}: ${reason(err)}`);
    });
    return summary;
  } finally {
    await handle.close().catch(() => {});
    await unlink(partial).catch(() => {});
  }
}

async function writeRows(
  tx: Queryable,
  write: (text: string) => Promise<void>,
): Promise<BackupSummary> {
  const hasMigrations = await tx.query<{ ok: boolean }>(
    `SELECT to_regclass('et_meta.schema_migrations') IS NOT NULL AS ok`,
  );
  if (!hasMigrations.rows[0]?.ok) {
    throw new CommandRefusal('the database holds no Energy Tracker data (it was never migrated)');
  }
  const migrations = await tx.query<{ name: string }>(
    'SELECT name FROM et_meta.schema_migrations ORDER BY name',
  );
  const tables: Record<string, string[]> = {};
  for (const table of BACKED_UP_TABLES) tables[table.name] = await backedUpColumns(tx, table);
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    created_at: new Date().toISOString(),
    migrations: migrations.rows.map((r) => r.name),
    tables,
  };
  const before = createHash('sha256');
  const writeHashed = async (text: string) => {
    before.update(text, 'utf8');
    await write(text);
  };
  await writeHashed(toLine(header));

  const rows: Record<string, number> = {};
  for (const table of BACKED_UP_TABLES) {
    rows[table.name] = await writeTable(tx, table, tables[table.name] ?? [], writeHashed);
  }
  const end: EndLine = { end: true, rows, sha256: before.digest('hex') };
  await write(toLine(end));

  const entries = await tx.query<{ n: number }>(
    'SELECT count(*)::integer AS n FROM public.activity_entries',
  );
  return { accounts: rows['auth.users'] ?? 0, entries: entries.rows[0]?.n ?? 0, rows };
}

interface PageRow {
  k: string;
  row: Record<string, unknown>;
}

/** One table, a page at a time along its key, so memory stays flat. */
async function writeTable(
  tx: Queryable,
  table: BackedUpTable,
  columns: string[],
  write: (text: string) => Promise<void>,
): Promise<number> {
  const fields = columns.map((c) => `t.${quoteIdent(c)}`);
  let joins = '';
  if (table.questionByText) {
    joins = `JOIN public.questions q ON q.id = t.question_id JOIN public.pages p ON p.id = q.page_id`;
    fields.push(`json_build_object('page', p.name, 'text', q.question) AS ${QUESTION_FIELD}`);
  }
  const key = `t.${quoteIdent(table.key)}`;
  const sql = `SELECT ${key}::text AS k, to_jsonb(r) AS row
    FROM ${table.name} t ${joins}
    CROSS JOIN LATERAL (SELECT ${fields.join(', ')}) r
    WHERE ($1::text IS NULL OR ${key} > CAST($1::text AS ${await keyType(tx, table)}))
      AND ${table.where ?? 'true'}
    ORDER BY ${key}
    LIMIT ${PAGE_ROWS}`;
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const page: QueryResult<PageRow> = await tx.query<PageRow>(sql, [after]);
    if (page.rows.length === 0) return count;
    await write(page.rows.map((r) => toLine({ table: table.name, row: r.row })).join(''));
    count += page.rows.length;
    after = page.rows[page.rows.length - 1]?.k ?? null;
  }
}

async function keyType(tx: Queryable, table: BackedUpTable): Promise<string> {
  const { rows } = await tx.query<{ type: string }>(
    `SELECT format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attname = $2`,
    [table.name, table.key],
  );
  const type = rows[0]?.type;
  if (!type) throw new Error(`${table.name} has no column ${table.key}`);
  return type;
}

async function refuseExisting(file: string) {
  const existing = await stat(file).catch(() => undefined);
  if (existing) {
    throw new CommandRefusal(
      `${file} already exists; choose a new file name (a backup never replaces a file)`,
    );
  }
}

function reason(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return 'its folder does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EEXIST':
      return 'it already exists (a backup never replaces a file)';
    case 'ENOSPC':
      return 'the disk is full';
    default:
      return err.message;
  }
}
