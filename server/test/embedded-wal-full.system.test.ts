import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from './helpers/tmpfs.ts';

// docs/decisions/033: the disk fills just as the embedded database needs a
// new write-ahead-log segment. PGlite 0.5 refuses a lone statement with 53100
// and then hangs the process at its next call; our database refuses every
// later call with that error instead, so the server answers 507. A write in a
// transaction (every data request) hangs PGlite inside the statement itself,
// where nothing of ours runs; then what counts is that a restart, with room
// again, keeps every acknowledged row. Real PGlite on a real tmpfs: needs
// root and mount (CI runs as root).

const CALLS = new URL('./fixtures/calls-after-wal-full.ts', import.meta.url).pathname;
// The calls take a second or two; a stuck PGlite never answers.
const HUNG_AFTER_MS = 30_000;
const ACKNOWLEDGED_ROWS = 10;

if (tmpfsUnavailable)
  console.warn(`test/embedded-wal-full.system.test.ts skipped: it ${tmpfsUnavailable}`);

let disk: Tmpfs | undefined;

beforeEach(async () => {
  if (tmpfsUnavailable) return;
  disk = await mountTmpfs('et-wal-full-', '48m');
});

afterEach(async () => {
  await disk?.remove();
  disk = undefined;
});

/** The fixture's lines, and whether it hung (then killed with SIGKILL). */
function callsAfterWalFull(how: string): Promise<{ lines: string[]; hung: boolean }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CALLS, disk!.path, how],
      { timeout: HUNG_AFTER_MS, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        const lines = stdout.trim().split('\n');
        if (err && !err.killed) reject(new Error(`${err.message}\n${stderr}`));
        else resolve({ lines, hung: Boolean(err?.killed) });
      },
    );
  });
}

/** Room again (the tmpfs grown), and the database opened as a restarted server would. */
async function rowsAfterRestartWithRoom(): Promise<number[]> {
  disk!.resize('96m');
  const db = await createPgliteDatabase(join(disk!.path, 'pgdata'));
  try {
    await db.query('INSERT INTO saves VALUES (12)');
    const { rows } = await db.query<{ n: number }>('SELECT n FROM saves ORDER BY n');
    return rows.map((row) => row.n);
  } finally {
    await db.close();
  }
}

const acknowledgedAndNew = [...Array.from({ length: ACKNOWLEDGED_ROWS }, (_, i) => i + 1), 12];

describe.skipIf(tmpfsUnavailable !== undefined)(
  'the embedded write-ahead log on a full disk',
  () => {
    it(
      'refuses every call after a lone statement found no room, instead of hanging',
      async () => {
        const { lines, hung } = await callsAfterWalFull('statement');
        expect(hung).toBe(false);
        expect(lines).toEqual(['acknowledged', '53100', '53100', '53100']);
        expect(await rowsAfterRestartWithRoom()).toEqual(acknowledgedAndNew);
      },
      HUNG_AFTER_MS + 60_000,
    );

    it(
      'keeps every acknowledged row when a transaction found no room (PGlite may hang)',
      async () => {
        const { lines, hung } = await callsAfterWalFull('transaction');
        console.info(`a write in a transaction on a full WAL: ${hung ? 'PGlite hung' : lines}`);
        expect(lines[0]).toBe('acknowledged');
        if (!hung) expect(lines.slice(1)).toEqual(['53100', '53100', '53100']);
        expect(await rowsAfterRestartWithRoom()).toEqual(acknowledgedAndNew);
      },
      HUNG_AFTER_MS + 60_000,
    );
  },
);
