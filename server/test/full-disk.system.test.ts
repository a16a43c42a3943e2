import { statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from './helpers/tmpfs.ts';
import { uniqueEmail } from './helpers/test-server.ts';

// docs/decisions/033: the embedded database on a disk that fills up while people save.
// A save that finds no room answers 507 with a message the app shows, no
// acknowledged save is lost, and saves succeed again once there is room,
// without a restart (docs/decisions/033). The disk is a real tmpfs of its own,
// so the test needs root and mount (CI runs as root).

// A new data directory takes about 40 MB (one 16 MB WAL segment included).
const DISK = '64m';
const GROWN_DISK = '128m';
// Room left beside the filler file: a few dozen saves.
const ROOM_LEFT = 256 * 1024;
const MAX_SAVES = 2_000;
const PASSWORD = 'full-disk-test-password';
const NOTES = 'n'.repeat(1_900);
const FIRST_ENTRY = Date.parse('2025-01-01T00:00:00Z');

if (tmpfsUnavailable) console.warn(`test/full-disk.system.test.ts skipped: it ${tmpfsUnavailable}`);

let disk: Tmpfs | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  if (tmpfsUnavailable) return;
  disk = await mountTmpfs('et-full-disk-', DISK);
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  await disk?.remove();
});

/** Answers of entry n as the Track tab sends them (web/src/journal/save-entry.ts). */
function answers(n: number): Record<string, string> {
  return {
    'Activity Description': `Saved ${n}`,
    'Energy Level': String(n % 101),
    'Engagement Level': '50',
    'Flow State': 'true',
    'Activity Notes': NOTES,
  };
}

async function save(client: SupabaseClient, userId: string, n: number) {
  const { data: questions, error } = await client.from('questions').select('id, question');
  if (error || !questions) return { error, status: 0 };
  const created_at = new Date(FIRST_ENTRY + n * 60_000).toISOString();
  const given = answers(n);
  // The journal's questions only: the optional 'Tags' question is left unanswered.
  return client.from('user_answers').insert(
    questions
      .filter((q: { question: string }) => q.question in given)
      .map((q: { id: number; question: string }) => ({
        user_id: userId,
        question_id: q.id,
        answer: given[q.question],
        created_at,
      })),
  );
}

async function signIn(client: SupabaseClient, email: string) {
  return client.auth.signInWithPassword({ email, password: PASSWORD });
}

async function savedActivities(client: SupabaseClient): Promise<string[]> {
  const { data, error } = await client.from('activities').select('activity').range(0, 999);
  if (error) throw error;
  return data.map((row: { activity: string }) => row.activity);
}

describe.skipIf(tmpfsUnavailable !== undefined)('a full disk under the embedded database', () => {
  it('answers 507 with a clear message, loses no acknowledged save and recovers when there is room', async () => {
    const dataDir = join(disk!.path, 'data');
    server = await startServerProcess({ DATA_DIR: dataDir });
    const client = server.client();
    const email = uniqueEmail('full-disk');
    const signUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signUp.error).toBeNull();
    const userId = signUp.data.user!.id;

    // Fill the disk but for a little room, then save until it is gone.
    const { bavail, bsize } = await statfs(disk!.path);
    await writeFile(join(disk!.path, 'filler'), Buffer.alloc(bavail * bsize - ROOM_LEFT));
    const acknowledged: string[] = [];
    let refused: { status: number; code?: string; message?: string } | undefined;
    let n = 0;
    for (; n < MAX_SAVES && !refused; n++) {
      const { error, status } = await save(client, userId, n);
      if (error) refused = { status, code: error.code, message: error.message };
      else acknowledged.push(`Saved ${n}`);
    }
    expect(refused, 'a save refused for want of room').toBeDefined();
    expect(refused).toEqual({
      status: 507,
      code: '53100',
      message: 'The server is out of disk space. Nothing was saved; try again later.',
    });
    expect(acknowledged.length).toBeGreaterThan(0);

    // The server lives on: it answers, and another save is refused the same way.
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const again = await save(client, userId, n++);
    expect(again.status).toBe(507);
    // Signing in writes a session: refused the same way, or done, never a 500.
    const signInFull = await signIn(server.client(), email);
    if (signInFull.error) expect(signInFull.error.status).toBe(507);

    // Room again: the same server takes saves, no restart needed.
    disk!.resize(GROWN_DISK);
    const afterRoom = await save(client, userId, n);
    expect(afterRoom.error).toBeNull();
    acknowledged.push(`Saved ${n}`);

    // And after a restart every acknowledged entry is there, whole, and
    // nothing of the refused ones.
    await server.kill('SIGTERM');
    server = await startServerProcess({ DATA_DIR: dataDir });
    const reader = server.client();
    expect((await signIn(reader, email)).error).toBeNull();
    const saved = await savedActivities(reader);
    expect(saved.sort()).toEqual([...acknowledged].sort());
    const { count, error } = await reader
      .from('user_answers')
      .select('id', { count: 'exact', head: true });
    expect(error).toBeNull();
    expect(count).toBe(acknowledged.length * 5);
    console.info(
      `${acknowledged.length - 1} saves before the disk was full; refused with ` +
        `${refused!.status}; saves resumed without a restart`,
    );
  }, 170_000);
});
