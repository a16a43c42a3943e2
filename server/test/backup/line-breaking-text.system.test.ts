import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../../src/backup/restore-backup.ts';
import { accountRows, rowsAfterRestore, saveEntry, signUp, type AccountRows } from './accounts.ts';
import {
  RESTORE_TEST_TIMEOUT_MS,
  newTarget,
  runCommand,
  startServer,
  type Target,
} from './targets.ts';

// A backup is one JSON record a line. Text people paste can hold characters
// that some readers take for a line end (U+2028 and U+2029 among them, which
// JSON.stringify leaves raw); one such character once made a whole backup
// unrestorable. Every kind of them goes through backup and restore here.

// Every code point that one line reader or another ends a line at, and the
// ones that trip up text handling next to them (a byte order mark, astral
// characters whose UTF-16 halves could be split).
const BREAKERS = [
  '\u2028',
  '\u2029',
  '\u0085',
  '\r',
  '\n',
  '\r\n',
  '\u000b',
  '\u000c',
  '\u001c',
  '\u001d',
  '\u001e',
  '🙂',
  '𝄞',
  '\ufeff',
];
const ALL = BREAKERS.join('|');

/** The longest text the app's forms accept (web: maxLength), made of breakers. */
const longest = (length: number) => {
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += BREAKERS[i % BREAKERS.length];
  return text.slice(0, length - 1) + 'x';
};

/** A weekly review's free texts, each of at most 2000 characters. */
const REVIEW_TEXTS = ['activities', 'environment', 'interactions', 'objects', 'users', 'how'];

/** The levels of every entry here; only the texts vary. */
const LEVELS = { energy: 50, engagement: 50, flow: true };

let folder: string;
let source: Target;
let restored: Target;
let rowsBefore: AccountRows;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'et-backup-breakers-'));
  source = await newTarget();
  restored = await newTarget();
  const server = await startServer(source);
  try {
    const client = server.client();
    const { userId } = await signUp(client, 'breakers');
    // Names as the profile form saves them (at most 100 characters).
    const named = await client.auth.updateUser({
      data: { first_name: `Ada${ALL}`, last_name: longest(100) },
    });
    if (named.error) throw named.error;
    // One entry per breaker, so that any one of them alone fails the test…
    for (const breaker of BREAKERS) {
      await saveEntry(client, userId, {
        ...LEVELS,
        activity: `before${breaker}after`,
        notes: `notes${breaker}end`,
      });
    }
    // …and one with the longest activity (500) and notes (2000) the forms allow.
    await saveEntry(client, userId, { ...LEVELS, activity: longest(500), notes: longest(2000) });
    // And a weekly review (ADR 071) with every text at its longest.
    const review = await client.from('weekly_reviews').insert({
      week_start: '2025-03-03',
      ...Object.fromEntries(REVIEW_TEXTS.map((field) => [field, longest(2000)])),
      more_kind: 'activity',
      more_name: longest(500),
    });
    if (review.error) throw review.error;
    rowsBefore = await accountRows(server.db);
  } finally {
    await server.stop();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.remove(), restored?.remove()]);
  await rm(folder, { recursive: true, force: true });
});

describe('text that could end a line', { timeout: RESTORE_TEST_TIMEOUT_MS }, () => {
  it('is backed up one record a line and restored exactly as it was', async () => {
    const file = join(folder, 'breakers.backup.jsonl');
    const backup = await runCommand('backup', [file], source.env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);

    expect(await rowsAfterRestore(file, restored)).toEqual(rowsBefore);
    // Nothing in the file but "\n" ends a line: every line is a whole record.
    const text = await readFile(file, 'utf8');
    expect(text).not.toMatch(/[\u2028\u2029\r]/);
    for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('restores an older backup that holds U+2028 and U+2029 raw', async () => {
    // As the backup command wrote them before it escaped these two.
    const file = join(folder, 'breakers.backup.jsonl');
    const raw = join(folder, 'raw-separators.backup.jsonl');
    const text = await readFile(file, 'utf8');
    // Those backups had no checksum in their end line either.
    await writeFile(
      raw,
      text
        .replaceAll('\\u2028', '\u2028')
        .replaceAll('\\u2029', '\u2029')
        .replace(/,"sha256":"[0-9a-f]+"/, ''),
    );
    expect(await readFile(raw, 'utf8')).toMatch(/\u2028/);
    const target = await newTarget();
    try {
      expect(await rowsAfterRestore(raw, target)).toEqual(rowsBefore);
    } finally {
      await target.remove();
    }
  });

  it('refuses a backup with one byte changed, at restore and when the backup reads itself back', async () => {
    const file = join(folder, 'breakers.backup.jsonl');
    const bytes = await readFile(file);
    const written = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      rows: {
        'auth.users': 1,
        'auth.identities': 1,
        'auth.mfa_factors': 0,
        'auth.mfa_recovery_codes': 0,
        'public.user_answers': 75,
        'public.reminder_settings': 0,
        'public.weekly_reviews': 1,
      },
    };
    await expect(verifyBackup(file, written)).resolves.toBeUndefined();

    // "before" becomes "bafore" in one answer: still valid JSON, same rows.
    const changed = Buffer.from(bytes);
    changed[changed.indexOf('before') + 1] = 'a'.charCodeAt(0);
    const damaged = join(folder, 'one-byte-changed.backup.jsonl');
    await writeFile(damaged, changed);
    await expect(verifyBackup(damaged, written)).rejects.toThrow(
      /does not match the checksum in its last line; the file is damaged/,
    );
    const target = await newTarget();
    try {
      const restore = await runCommand('restore', [damaged], target.env);
      expect(restore.stderr).toMatch(/does not match the checksum in its last line/);
      expect(restore.code).toBe(1);
    } finally {
      await target.remove();
    }

    // A byte the lines do not show (one more "\n" at the end) still differs
    // from what the backup wrote.
    const longer = join(folder, 'one-byte-more.backup.jsonl');
    await writeFile(longer, Buffer.concat([bytes, Buffer.from('\n')]));
    await expect(verifyBackup(longer, written)).rejects.toThrow(/sha256 differs/);
  });
});
