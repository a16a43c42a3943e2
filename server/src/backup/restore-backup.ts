import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Database, Queryable } from '../db/database.ts';
import {
  BACKED_UP_TABLES,
  backedUpColumns,
  QUESTION_FIELD,
  quoteIdent,
  type BackedUpTable,
  type QuestionName,
} from './backed-up-tables.ts';
import { isEndLine, isRowLine, parseLine, readHeader, type BackupHeader } from './format.ts';
import { CommandRefusal } from '../cli/refusal.ts';

// Rows per INSERT: each statement also derives its entries (trigger of
// migration 0003); fewer, larger statements restore 20,000 entries on the
// embedded database in about 12 s instead of 30 s at 500.
const BATCH_ROWS = 5000;

export interface OpenedBackup {
  file: string;
  header: BackupHeader;
  /** The lines after the header, each with its line number. */
  lines: AsyncIterator<[number, string]>;
  /** sha256 (hex) of the lines before the one lines gave last, as an end line records it. */
  digestBefore(): string;
  close(): void;
}

/**
 * Opens a backup and checks its header, before any database is touched, so
 * that a wrong file changes nothing.
 */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    throw new CommandRefusal(
      err.code === 'ENOENT' ? `${file} does not exist` : `cannot read ${file}: ${err.message}`,
    );
  });
  if (!info.isFile()) throw new CommandRefusal(`${file} is not a file`);
  const input = await readText(file);
  // A read can fail in the stream or, surfaced by the splitting, in the iterator.
  const readError = (err: NodeJS.ErrnoException) =>
    new CommandRefusal(
      err.code === 'EACCES'
        ? `cannot read ${file}: permission denied`
        : err.code?.startsWith('Z_')
          ? `${file} is a damaged gzip file (${err.message})`
          : `cannot read ${file}: ${err.message}`,
    );
  const failed = new Promise<never>((_, reject) =>
    input.once('error', (err: NodeJS.ErrnoException) => reject(readError(err))),
  );
  failed.catch(() => {});
  const raw = splitLines(input);
  let lineNumber = 0;
  const hash = createHash('sha256');
  let last: string | undefined;
  const lines: AsyncIterator<[number, string]> = {
    async next() {
      const r = await Promise.race([raw.next(), failed]).catch((err: unknown) => {
        throw err instanceof CommandRefusal ? err : readError(err as NodeJS.ErrnoException);
      });
      if (last !== undefined) hash.update(`${last}\n`, 'utf8');
      last = r.done ? undefined : r.value;
      if (r.done) return { done: true, value: undefined };
      lineNumber += 1;
      return { done: false, value: [lineNumber, r.value] };
    },
  };
  const digestBefore = () => hash.copy().digest('hex');
  const close = () => {
    raw.return(undefined).catch(() => {});
    input.destroy();
  };
  try {
    const first = await lines.next();
    const header = readHeader(first.done ? undefined : first.value[1], file);
    for (const name of Object.keys(header.tables)) {
      if (!BACKED_UP_TABLES.some((t) => t.name === name)) {
        throw new CommandRefusal(
          `${file} holds the table ${name}, which this version does not know; ` +
            `it was made by a newer version of Energy Tracker`,
        );
      }
    }
    return { file, header, lines, digestBefore, close };
  } catch (err) {
    close();
    throw err;
  }
}

/**
 * The lines of the text, split at "\n" alone: the writer escapes every other
 * character some reader ends a line at (readline also splits at \r, U+2028
 * and U+2029, which older backups hold raw inside their strings). A "\r"
 * before the "\n" stays on the line, where JSON reads it as white space.
 */
async function* splitLines(input: Readable): AsyncGenerator<string, void, undefined> {
  let rest = '';
  for await (const chunk of input as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    yield* parts;
  }
  if (rest !== '') yield rest;
}

/**
 * Reads a backup through as a restore does, without a database: each line
 * whole JSON, the rows per table and the checksum of its end line as written
 * and, when given, the same rows and the same bytes as the writer wrote.
 */
export async function verifyBackup(
  file: string,
  expected?: { sha256: string; rows: Record<string, number> },
): Promise<void> {
  const backup = await openBackup(file);
  try {
    const counts: Record<string, number> = {};
    await readRows(backup, (table) => {
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      return Promise.resolve();
    });
    if (expected) checkCounts(expected.rows, counts, file);
  } finally {
    backup.close();
  }
  if (expected) {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== expected.sha256) {
      throw new CommandRefusal(`${file} does not hold the bytes written to it (sha256 differs)`);
    }
  }
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** The file's text; a backup compressed with gzip (by cron, say) is read as it is. */
async function readText(file: string): Promise<Readable> {
  const handle = await open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new CommandRefusal(
      err.code === 'EACCES' ? `cannot read ${file}: permission denied` : err.message,
    );
  });
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
  await handle.close();
  const gzipped = bytesRead === 2 && buffer[0] === GZIP_MAGIC[0] && buffer[1] === GZIP_MAGIC[1];
  if (!gzipped) return createReadStream(file, { encoding: 'utf8' });
  const gunzip = createGunzip();
  const raw = createReadStream(file);
  raw.once('error', (err) => gunzip.destroy(err));
  return raw.pipe(gunzip).setEncoding('utf8');
}

export interface RestoreSummary {
  accounts: number;
  entries: number;
  rows: Record<string, number>;
}

/**
 * Puts every row of the backup into db, which the migrations have brought up
 * to date, in one transaction: all of it or, after any problem, none.
 */
export async function restoreBackup(db: Database, backup: OpenedBackup): Promise<RestoreSummary> {
  await refuseNewerSchema(db, backup);
  const summary = await db.transaction(async (tx): Promise<RestoreSummary> => {
    // A sign-up arriving meanwhile (a server running on this PostgreSQL
    // database) waits until the restore has committed or rolled back.
    await tx.query('LOCK TABLE auth.users IN SHARE ROW EXCLUSIVE MODE');
    const existing = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM auth.users');
    const accounts = existing.rows[0]?.n ?? 0;
    if (accounts > 0) {
      throw new CommandRefusal(
        `the target already has ${accounts} account${accounts === 1 ? '' : 's'}; ` +
          'restore only into an empty data directory or an empty database (nothing was changed)',
      );
    }
    const rows = await insertRows(tx, backup);
    const entries = await tx.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM public.activity_entries',
    );
    return { accounts: rows['auth.users'] ?? 0, entries: entries.rows[0]?.n ?? 0, rows };
  });
  // The planner's statistics still describe empty tables; the first history
  // page a person opens should not pay for that.
  await db.exec('ANALYZE');
  return summary;
}

/** A backup from a newer schema could hold what this one cannot keep. */
async function refuseNewerSchema(db: Database, { file, header }: OpenedBackup) {
  const applied = await db.query<{ name: string }>('SELECT name FROM et_meta.schema_migrations');
  const known = new Set(applied.rows.map((r) => r.name));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new CommandRefusal(
      `${file} was made by a newer version of Energy Tracker (its database had ` +
        `${unknown.join(', ')}); update Energy Tracker, then restore`,
    );
  }
  for (const table of BACKED_UP_TABLES) {
    const columns = new Set(await backedUpColumns(db, table));
    const missing = (header.tables[table.name] ?? []).filter((c) => !columns.has(c));
    if (missing.length > 0) {
      throw new CommandRefusal(
        `${file} has columns this database lacks (${table.name}: ${missing.join(', ')}); ` +
          'it was made by a newer version of Energy Tracker',
      );
    }
  }
}

async function insertRows(tx: Queryable, backup: OpenedBackup): Promise<Record<string, number>> {
  const { file, header } = backup;
  // Read again after own questions were restored (they come before the
  // answers), so that answers find them.
  let questions: QuestionIds | undefined;
  let batch: Record<string, unknown>[] = [];
  let batchTable: BackedUpTable | undefined;
  const flush = async () => {
    if (batchTable && batch.length > 0) {
      await insertBatch(tx, batchTable, header.tables[batchTable.name] ?? [], batch);
      if (batchTable.name === 'public.questions') questions = undefined;
    }
    batch = [];
  };
  const counts = await readRows(
    backup,
    async (table, row, lineNumber) => {
      if (table !== batchTable || batch.length >= BATCH_ROWS) {
        await flush();
        batchTable = table;
      }
      if (table.questionByText) {
        questions ??= await questionIds(tx);
        batch.push(withQuestionId(row, questions, file, lineNumber));
      } else batch.push(row);
    },
    flush,
  );
  return counts;
}

/**
 * Every row of the backup, in order, to onRow; then, at the end line, done.
 * Refuses a damaged file: a line that is not a row, a cut-off file, rows
 * missing, or (where the end line records one) a checksum that differs.
 */
async function readRows(
  backup: OpenedBackup,
  onRow: (table: BackedUpTable, row: Record<string, unknown>, lineNumber: number) => Promise<void>,
  done: () => Promise<void> = () => Promise.resolve(),
): Promise<Record<string, number>> {
  const { file, header, lines } = backup;
  const counts: Record<string, number> = {};
  for (;;) {
    const next = await lines.next();
    if (next.done) {
      throw new CommandRefusal(
        `${file} is incomplete (its last line is missing: cut off while copying or writing?); nothing was restored`,
      );
    }
    const [lineNumber, text] = next.value;
    if (text.trim() === '') continue;
    const value = parseLine(text, lineNumber, file);
    if (isEndLine(value)) {
      // Rows missing say more than a checksum that differs: counted first.
      checkCounts(value.rows, counts, file);
      if (value.sha256 !== undefined && value.sha256 !== backup.digestBefore()) {
        throw new CommandRefusal(
          `${file} does not match the checksum in its last line; ` +
            'the file is damaged (nothing was restored)',
        );
      }
      await expectNothingAfter(lines, file);
      await done();
      return counts;
    }
    if (!isRowLine(value)) {
      throw new CommandRefusal(
        `${file} line ${lineNumber} is not a table row; the file is damaged`,
      );
    }
    const table = BACKED_UP_TABLES.find((t) => t.name === value.table);
    if (!table || !(table.name in header.tables)) {
      throw new CommandRefusal(`${file} line ${lineNumber} names an unknown table ${value.table}`);
    }
    await onRow(table, value.row, lineNumber);
    counts[table.name] = (counts[table.name] ?? 0) + 1;
  }
}

/**
 * Lets PostgreSQL turn the JSON back into each column's own type
 * (timestamps to the microsecond, jsonb as it was); columns the backup does
 * not carry take their defaults.
 */
async function insertBatch(
  tx: Queryable,
  table: BackedUpTable,
  columns: string[],
  rows: Record<string, unknown>[],
) {
  const names = [...columns, ...(table.questionByText ? ['question_id'] : [])]
    .map(quoteIdent)
    .join(', ');
  await tx.query(
    `INSERT INTO ${table.name} (${names})
     SELECT ${names} FROM jsonb_populate_recordset(NULL::${table.name}, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

type QuestionIds = Map<string, number>;
/** A built-in question has no owner (null); an own question is its owner's. */
const questionKey = (page: string, text: string, owner: string | null) =>
  JSON.stringify([page, text, owner]);

async function questionIds(tx: Queryable): Promise<QuestionIds> {
  const { rows } = await tx.query<{
    id: number;
    page: string;
    text: string;
    owner: string | null;
  }>(
    `SELECT q.id::integer AS id, p.name AS page, q.question AS text, q.owner_id::text AS owner
     FROM public.questions q JOIN public.pages p ON p.id = q.page_id
     ORDER BY q.id DESC`,
  );
  // Lowest id wins when a text repeats (the map keeps the last set).
  return new Map(rows.map((r) => [questionKey(r.page, r.text, r.owner), r.id]));
}

function withQuestionId(
  row: Record<string, unknown>,
  questions: QuestionIds,
  file: string,
  lineNumber: number,
): Record<string, unknown> {
  const question = row[QUESTION_FIELD] as Partial<QuestionName> | undefined;
  const owner = typeof row['user_id'] === 'string' ? row['user_id'] : null;
  // The person's own question of that page and text, else the built-in one.
  const id =
    typeof question?.page === 'string' && typeof question.text === 'string'
      ? (questions.get(questionKey(question.page, question.text, owner)) ??
        questions.get(questionKey(question.page, question.text, null)))
      : undefined;
  if (id === undefined) {
    throw new CommandRefusal(
      `${file} line ${lineNumber} answers a question this database does not have ` +
        `(${JSON.stringify(question ?? null)})`,
    );
  }
  return { ...row, question_id: id };
}

async function expectNothingAfter(lines: AsyncIterator<[number, string]>, file: string) {
  for (;;) {
    const next = await lines.next();
    if (next.done) return;
    if (next.value[1].trim() !== '') {
      throw new CommandRefusal(
        `${file} goes on after its last line (line ${next.value[0]}); the file is damaged`,
      );
    }
  }
}

function checkCounts(expected: Record<string, number>, read: Record<string, number>, file: string) {
  for (const table of new Set([...Object.keys(expected), ...Object.keys(read)])) {
    if ((expected[table] ?? 0) !== (read[table] ?? 0)) {
      throw new CommandRefusal(
        `${file} should hold ${expected[table] ?? 0} rows of ${table} but holds ` +
          `${read[table] ?? 0}; the file is damaged (nothing was restored)`,
      );
    }
  }
}
