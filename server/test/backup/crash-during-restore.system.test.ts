import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, readlink, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { seedHistory } from '../helpers/seed-history.ts';
import { startServerProcess } from '../helpers/server-process.ts';
import { uniqueEmail } from '../helpers/test-server.ts';
import { newTarget, runCommand, spawnCommand, startServer, type Target } from './targets.ts';

// docs/decisions/033: `npm run restore` killed with SIGKILL half way leaves the target
// as it was before (ADR 020: one transaction), a server starts on it at once
// and the restore, run again, succeeds. The kill is placed by watching how far
// the restore has read its file (/proc/<pid>/fdinfo), so it lands while rows
// are being written, whatever the machine's speed.

const ENTRIES = 10_000;
const ANSWERS = ENTRIES * 5;
// Killed after reading this share of the file and before the end line,
// without which nothing can commit.
const KILL_AFTER_SHARE = 0.4;
const START_WITHIN_MS = 20_000;

const onLinux = process.platform === 'linux';
const kinds: Array<'pglite' | 'postgres'> = process.env['TEST_DATABASE_URL']
  ? ['pglite', 'postgres']
  : ['pglite'];

let folder: string;
let backupFile: string;
let source: Target;
const targets: Target[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'et-restore-kill-'));
  backupFile = join(folder, 'backup.jsonl');
  source = await newTarget('pglite');
  const server = await startServer(source);
  try {
    const client = server.client();
    const { data, error } = await client.auth.signUp({
      email: uniqueEmail('restore-kill'),
      password: 'restore-kill-test-password',
    });
    if (error || !data.user) throw error ?? new Error('no user');
    await seedHistory(server.db, data.user.id, ENTRIES);
  } finally {
    await server.stop();
  }
  const backup = await runCommand('backup', [backupFile], source.env);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const target of targets) await target.remove();
  await source?.remove();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** How far the process has read the file, or undefined while it has it closed. */
async function readPosition(pid: number, file: string): Promise<number | undefined> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) !== file) continue;
    const info = await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8').catch(() => '');
    const pos = /^pos:\s+(\d+)/m.exec(info)?.[1];
    if (pos !== undefined) return Number(pos);
  }
  return undefined;
}

/** Runs the restore and kills it (SIGKILL) once it has read `share` of the file. */
async function restoreKilledAfter(target: Target, share: number): Promise<number> {
  const size = (await stat(backupFile)).size;
  const file = await realpath(backupFile);
  const restore: ChildProcess = spawnCommand('restore', [backupFile], target.env);
  let output = '';
  restore.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  restore.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => restore.once('exit', () => resolve()));
  let done = false;
  void exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`the restore ended before it was killed:\n${output}`);
    const position = await readPosition(restore.pid!, file);
    if (position !== undefined && position >= size * share && position < size) {
      restore.kill('SIGKILL');
      await exited;
      return position;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function countsIn(db: Database) {
  const { rows } = await db.query<{ accounts: number; answers: number; entries: number }>(
    `SELECT (SELECT count(*) FROM auth.users)::integer AS accounts,
            (SELECT count(*) FROM public.user_answers)::integer AS answers,
            (SELECT count(*) FROM public.activity_entries)::integer AS entries`,
  );
  return rows[0]!;
}

describe.skipIf(!onLinux).each(kinds)('SIGKILL during npm run restore (%s)', (kind) => {
  it('leaves the target as it was; a server starts on it at once; restoring again succeeds', async () => {
    const target = await newTarget(kind);
    targets.push(target);

    const position = await restoreKilledAfter(target, KILL_AFTER_SHARE);
    const server = await startServerProcess(target.env);
    console.info(
      `${kind}: restore killed after reading ${position} bytes of the backup; ` +
        `a server started in ${server.readyAfterMs} ms`,
    );
    expect(server.readyAfterMs).toBeLessThan(START_WITHIN_MS);
    await server.kill('SIGTERM');

    const before = await target.open();
    try {
      // Nothing of a half-read backup: not one account, answer or entry.
      expect(await countsIn(before)).toEqual({ accounts: 0, answers: 0, entries: 0 });
    } finally {
      await before.close();
    }

    const again = await runCommand('restore', [backupFile], target.env);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const after = await target.open();
    try {
      expect(await countsIn(after)).toEqual({ accounts: 1, answers: ANSWERS, entries: ENTRIES });
    } finally {
      await after.close();
    }
  }, 150_000);
});
