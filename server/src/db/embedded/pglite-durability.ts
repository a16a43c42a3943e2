import { fsyncSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

// PGlite's file system in Node (Emscripten's NODEFS) has no fsync: the
// PostgreSQL inside calls fsync and nothing reaches the disk, whatever its
// settings (docs/decisions/030). We give NODEFS one. Data files, directories
// and the control file are synced at once, as PostgreSQL asks; the write-ahead
// log is synced off the event loop before a write is answered, one sync for
// every commit that waits meanwhile (group commit).

/** PostgreSQL settings that make it ask for syncs our NODEFS can carry out. */
export const DURABLE_START_PARAMS = [
  // fdatasync() is a stub in Emscripten's C library; fsync() reaches stream_ops.
  '-c',
  'wal_sync_method=fsync',
];

interface NodeFsStream {
  nfd: number;
  node: unknown;
}
interface NodeFs {
  realPath(node: unknown): string;
  stream_ops: { fsync?: (stream: NodeFsStream) => void };
}

export interface WalSync {
  /**
   * Resolves once every commit made so far is on disk, or those up to
   * `through`, a mark taken after them.
   */
  flush(through?: number): Promise<void>;
  /** The WAL syncs PostgreSQL has asked for so far, one per commit at least. */
  mark(): number;
  /** How many of those are known to be on disk: every commit up to this mark is. */
  syncedMark(): number;
  /** Lets go of the segments it holds open, once the database has closed. */
  close(): Promise<void>;
}

/** Makes the PGlite instance's syncs real; call flush() before answering a write. */
export function syncToDisk(pg: PGlite): WalSync {
  const nodeFs = (pg.Module as unknown as { NODEFS: NodeFs }).NODEFS;
  const walWritten = new Set<string>();
  /** WAL syncs PostgreSQL has asked for so far (one per commit, at least). */
  let requested = 0;
  /** How many of those are known to be on disk. */
  let synced = 0;
  nodeFs.stream_ops.fsync = (stream) => {
    const path = nodeFs.realPath(stream.node);
    if (path.includes('/pg_wal/')) {
      walWritten.add(path);
      requested++;
    } else fsyncSync(stream.nfd);
  };

  /**
   * Our own handles on the segments synced last, kept open for the next
   * sync: opening and closing a segment for every commit were two more trips
   * through the thread pool before a save could be answered.
   */
  const segments = new Map<string, FileHandle>();

  async function syncWal(covers: number) {
    const paths = [...walWritten];
    walWritten.clear();
    // Segments PostgreSQL has moved past are let go (it may recycle them).
    for (const [path, handle] of segments) {
      if (paths.includes(path)) continue;
      segments.delete(path);
      handle.close().catch(() => {});
    }
    for (const path of paths) {
      let file = segments.get(path);
      if (!file) {
        try {
          file = await open(path, 'r');
        } catch (err) {
          // A segment renamed or recycled since: its new name is synced when
          // PostgreSQL writes to it.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        segments.set(path, file);
      }
      await file.datasync();
    }
    synced = Math.max(synced, covers);
  }

  /** The sync under way, and the requests it covers. */
  let running: { done: Promise<void>; covers: number } | undefined;
  let queued: Promise<void> | undefined;
  // A sync that failed may have lost the commits it covered (after an I/O
  // error Linux can drop the pages it could not write, and a second sync then
  // reports success), so no later sync can vouch for them: every flush after
  // it is refused, as PostgreSQL stops rather than retry a failed sync.
  let failed: unknown;
  const start = (): Promise<void> => {
    if (failed) return Promise.reject(failed);
    const covers = requested;
    const done = syncWal(covers)
      .catch((err: unknown) => {
        failed ??= err;
        throw err;
      })
      .finally(() => {
        running = undefined;
      });
    running = { done, covers };
    return done;
  };
  return {
    flush(through) {
      if (failed) return Promise.reject(failed);
      const needed = Math.min(through ?? requested, requested);
      if (synced >= needed) return Promise.resolve();
      if (!running) return start();
      // The sync under way may have begun before this commit: if so, wait
      // for the next one, which every commit waiting meanwhile shares.
      if (running.covers >= needed) return running.done;
      const restart = () => {
        queued = undefined;
        return start();
      };
      queued ??= running.done.then(restart, restart);
      return queued;
    },
    mark: () => requested,
    syncedMark: () => synced,
    async close() {
      await running?.done.catch(() => {});
      const handles = [...segments.values()];
      segments.clear();
      await Promise.all(handles.map((handle) => handle.close()));
    },
  };
}
