import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

// The real thing: the kernel is watched with strace while this process saves
// into an embedded database on disk, and every acknowledged commit must have
// been followed by a sync of the write-ahead log.
const haveStrace = spawnSync('strace', ['-V']).status === 0;

let dir: string;
let db: Database;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'et-durable-'));
  db = await createPgliteDatabase(join(dir, 'pgdata'));
  await db.exec('CREATE TABLE saves (n int)');
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Syncs of write-ahead-log files by process `pid` (all its threads) while
 * `work` runs; `slowSyncMs` makes each fdatasync take that much longer, as on
 * a slow disk.
 */
async function walSyncsDuring(
  work: () => Promise<void>,
  pid = process.pid,
  slowSyncMs = 0,
): Promise<number> {
  const log = join(dir, `strace-${Date.now()}.log`);
  const slow = slowSyncMs > 0 ? ['-e', `inject=fdatasync:delay_exit=${slowSyncMs * 1000}`] : [];
  const strace = spawn('strace', [
    '-f',
    '-y',
    '-e',
    'trace=fsync,fdatasync',
    ...slow,
    '-o',
    log,
    '-p',
    `${pid}`,
  ]);
  await attached(strace);
  try {
    await work();
  } finally {
    strace.kill('SIGINT');
    await new Promise((resolve) => strace.once('exit', resolve));
  }
  const lines = (await readFile(log, 'utf8')).split('\n');
  return lines.filter((line) => /f(data)?sync\(\d+<[^>]*\/pg_wal\/[^>]*>\) = 0/.test(line)).length;
}

function attached(strace: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let said = '';
    strace.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      // strace says so once per thread of this process; the first is enough
      // for the main thread, the rest follow within moments.
      if (said.includes('attached')) setTimeout(resolve, 300);
    });
    strace.once('exit', (code) => reject(new Error(`strace exited (${code}): ${said}`)));
  });
}

describe.skipIf(!haveStrace)('embedded database on disk', () => {
  it('syncs the write-ahead log before each acknowledged save', async () => {
    const saves = 20;
    const syncs = await walSyncsDuring(async () => {
      for (let n = 0; n < saves; n++) await db.query('INSERT INTO saves VALUES ($1)', [n]);
    });
    expect(syncs).toBeGreaterThanOrEqual(saves);
  });

  it('shares one sync among saves that wait together (group commit)', async () => {
    const saves = 40;
    const syncs = await walSyncsDuring(async () => {
      await Promise.all(
        Array.from({ length: saves }, (_, n) => db.query('INSERT INTO saves VALUES ($1)', [n])),
      );
    });
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(syncs).toBeLessThan(saves / 2);
  });

  it('does not sync for reads', async () => {
    const syncs = await walSyncsDuring(async () => {
      for (let n = 0; n < 20; n++) await db.query('SELECT count(*) FROM saves');
    });
    expect(syncs).toBe(0);
  });
});

// The same through the data API, as the app saves: a request's turn in the
// embedded database ends at its commit, and its answer then waits for the
// sync, so the requests waiting their turn meanwhile share the next one.
describe.skipIf(!haveStrace)('saves through the data API on an embedded database on disk', () => {
  let server: ServerProcess;
  interface Person {
    client: SupabaseClient;
    userId: string;
  }
  // Saves sent together come from several people: one person's statements
  // take the database one at a time (ADR 096), as a device's outbox sends
  // them, so the sharing a sync is for is between people.
  const people: Person[] = [];
  let questionId: number;

  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: join(dir, 'served') });
    for (let n = 0; n < 4; n++) {
      const client = server.client();
      const { data, error } = await client.auth.signUp({
        email: `durable-${n}@example.com`,
        password: 'durable-test-password',
      });
      expect(error).toBeNull();
      people.push({ client, userId: data.user!.id });
    }
    const questions = await people[0]!.client
      .from('questions')
      .select('id')
      .eq('question', 'Energy Level');
    questionId = (questions.data as { id: number }[])[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
  });

  let nextMinute = 0;
  const save = async (person: Person = people[0]!) => {
    const created_at = new Date(Date.UTC(2025, 0, 1) + nextMinute++ * 60_000).toISOString();
    const { error } = await person.client
      .from('user_answers')
      .insert({ user_id: person.userId, question_id: questionId, answer: '50', created_at });
    expect(error).toBeNull();
  };

  it('syncs before answering each save sent alone', async () => {
    const saves = 20;
    const syncs = await walSyncsDuring(async () => {
      for (let n = 0; n < saves; n++) await save();
    }, server.pid);
    expect(syncs).toBeGreaterThanOrEqual(saves);
  });

  it('shares syncs among saves sent together', async () => {
    // Requests arrive one by one, and on a fast disk a sync often ends before
    // the next commit, with no one to share it (docs/decisions/080). On a
    // disk whose sync takes 20 ms, the saves that commit meanwhile share the next.
    const saves = 40;
    const syncs = await walSyncsDuring(
      () =>
        Promise.all(Array.from({ length: saves }, (_, n) => save(people[n % people.length]))).then(
          () => {},
        ),
      server.pid,
      20,
    );
    console.log(
      `${saves} saves of ${people.length} people sent together through the data API, 20 ms syncs: ${syncs} WAL syncs`,
    );
    expect(syncs).toBeGreaterThanOrEqual(1);
    expect(syncs).toBeLessThan(saves / 2);
  });
});
