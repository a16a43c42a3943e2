import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syncToDisk, type WalSync } from '../src/db/embedded/pglite-durability.ts';

// What an acknowledged save rests on: a flush resolves only once a real sync
// of the write-ahead log that covers every commit before it has succeeded. The
// syncs here are the kernel's own; a WAL "segment" that is a link to /dev/null
// makes fdatasync fail (EINVAL), as a failing disk would make it fail (EIO).
// PGlite's file system is stood in for by the two members syncToDisk uses.

let dir: string;
let good: string;
let failing: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'et-wal-sync-'));
  await mkdir(join(dir, 'pg_wal'));
  good = join(dir, 'pg_wal', '000000010000000000000001');
  failing = join(dir, 'pg_wal', '000000010000000000000002');
  await writeFile(good, 'committed');
  await symlink('/dev/null', failing);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

const opened: WalSync[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((wal) => wal.close()));
});

/** A WAL sync over a stand-in file system, and PostgreSQL's fsync of a segment at commit. */
function walSync(): { wal: WalSync; commitTo(path: string): void } {
  const streamOps: { fsync?: (stream: { nfd: number; node: unknown }) => void } = {};
  const pg = {
    Module: { NODEFS: { realPath: (node: unknown) => node as string, stream_ops: streamOps } },
  } as unknown as PGlite;
  const wal = syncToDisk(pg);
  opened.push(wal);
  return { wal, commitTo: (path) => streamOps.fsync!({ nfd: -1, node: path }) };
}

describe('syncing the embedded write-ahead log', () => {
  it('resolves a flush once the commits before it are synced, and at once with none', async () => {
    const { wal, commitTo } = walSync();
    await expect(wal.flush()).resolves.toBeUndefined();
    commitTo(good);
    await expect(wal.flush()).resolves.toBeUndefined();
  });

  it('answers a flush through a mark once the sync covering it is done, not the next', async () => {
    const { wal, commitTo } = walSync();
    commitTo(good);
    const first = wal.flush();
    const mark = wal.mark();
    // A later commit's sync fails; the flush through the earlier mark does
    // not wait for it, and a flush of everything does.
    commitTo(failing);
    const throughMark = wal.flush(mark);
    const everything = wal.flush();
    await expect(first).resolves.toBeUndefined();
    await expect(throughMark).resolves.toBeUndefined();
    await expect(everything).rejects.toMatchObject({ code: 'EINVAL' });
  });

  it('refuses the flush of a commit whose sync failed', async () => {
    const { wal, commitTo } = walSync();
    commitTo(failing);
    await expect(wal.flush()).rejects.toMatchObject({ code: 'EINVAL' });
  });

  it('refuses a flush that joined the failed sync already under way', async () => {
    const { wal, commitTo } = walSync();
    commitTo(failing);
    // The database's thread starts the sync at commit; the server's thread
    // asks for it a moment later and waits for the same one.
    const started = wal.flush();
    const asked = wal.flush();
    await expect(started).rejects.toMatchObject({ code: 'EINVAL' });
    await expect(asked).rejects.toMatchObject({ code: 'EINVAL' });
  });

  it('refuses a flush that waited for the next sync after a failed one', async () => {
    const { wal, commitTo } = walSync();
    commitTo(failing);
    const first = wal.flush();
    commitTo(good);
    const next = wal.flush();
    await expect(first).rejects.toMatchObject({ code: 'EINVAL' });
    await expect(next).rejects.toMatchObject({ code: 'EINVAL' });
  });

  it('refuses every later flush once a sync failed, even of commits it did not cover', async () => {
    const { wal, commitTo } = walSync();
    commitTo(failing);
    await expect(wal.flush()).rejects.toMatchObject({ code: 'EINVAL' });
    commitTo(good);
    await expect(wal.flush()).rejects.toMatchObject({ code: 'EINVAL' });
  });
});
