import { CommandRefusal } from '../cli/refusal.ts';
// The backup file (docs/decisions/020-backup-and-restore.md): JSON lines, one
// header, one line per table row, one end line that makes a cut-off file
// recognisable. Plain text, so a person can read, grep and compress it.
// Only "\n" ends a line: JSON.stringify escapes every other control
// character, and toLine escapes U+2028 and U+2029, which it leaves raw.

export const BACKUP_FORMAT = 'energy-tracker-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** Migrations applied to the database it was taken from (et_meta.schema_migrations). */
  migrations: string[];
  /** Per table, in restore order: the columns every row of it carries. */
  tables: Record<string, string[]>;
}

export interface RowLine {
  table: string;
  row: Record<string, unknown>;
}

export interface EndLine {
  end: true;
  /** Rows written per table, so that a restore sees whether any went missing. */
  rows: Record<string, number>;
  /**
   * sha256 (hex) of every byte before the end line; a changed byte is found
   * at restore. Backups from before it have none and restore as they are.
   */
  sha256?: string;
}

/** One record as one line of the file. */
export function toLine(value: unknown): string {
  return `${JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}\n`;
}

export function parseLine(text: string, lineNumber: number, file: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CommandRefusal(`${file} line ${lineNumber} is not valid JSON; the file is damaged`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the first line; refuses anything that is not a backup this version can read. */
export function readHeader(firstLine: string | undefined, file: string): BackupHeader {
  let value: unknown;
  try {
    value = firstLine === undefined ? undefined : JSON.parse(firstLine);
  } catch {
    value = undefined;
  }
  if (!isObject(value) || value['format'] !== BACKUP_FORMAT) {
    throw new CommandRefusal(
      `${file} is not an Energy Tracker backup (made by "npm run backup -- <file>")`,
    );
  }
  const version = value['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new CommandRefusal(`${file} has no valid format version; the file is damaged`);
  }
  if (version > BACKUP_VERSION) {
    throw new CommandRefusal(
      `${file} was made by a newer version of Energy Tracker (backup format ${version}; ` +
        `this one reads format ${BACKUP_VERSION}). Update Energy Tracker, then restore.`,
    );
  }
  const { migrations, tables } = value;
  const validMigrations =
    Array.isArray(migrations) && migrations.every((m) => typeof m === 'string');
  const validTables =
    isObject(tables) &&
    Object.values(tables).every(
      (columns) => Array.isArray(columns) && columns.every((c) => typeof c === 'string'),
    );
  if (!validMigrations || !validTables) {
    throw new CommandRefusal(`${file} has a damaged header (migrations or tables)`);
  }
  return value as unknown as BackupHeader;
}

export function isRowLine(value: unknown): value is RowLine {
  return isObject(value) && typeof value['table'] === 'string' && isObject(value['row']);
}

export function isEndLine(value: unknown): value is EndLine {
  return (
    isObject(value) &&
    value['end'] === true &&
    isObject(value['rows']) &&
    Object.values(value['rows']).every((n) => typeof n === 'number') &&
    (value['sha256'] === undefined || typeof value['sha256'] === 'string')
  );
}
