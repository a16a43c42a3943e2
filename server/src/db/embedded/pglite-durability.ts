import { fsyncSync } from 'node:fs';
import { open } from 'node:fs/promises';
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
  /** Resolves once every commit made so far is on disk. */
  flush(): Promise<void>;
}

/** Makes the PGlite instance's syncs real; call flush() before answering a write. */
export function syncToDisk(pg: PGlite): WalSync {
  const nodeFs = (pg.Module as unknown as { NODEFS: NodeFs }).NODEFS;
  const walWritten = new Set<string>();
  nodeFs.stream_ops.fsync = (stream) => {
    const path = nodeFs.realPath(stream.node);
    if (path.includes('/pg_wal/')) walWritten.add(path);
    else fsyncSync(stream.nfd);
  };

  async function syncWal() {
    const paths = [...walWritten];
    walWritten.clear();
    for (const path of paths) {
      let file;
      try {
        file = await open(path, 'r');
      } catch (err) {
        // A segment renamed or recycled since: its new name is synced when
        // PostgreSQL writes to it.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      try {
        await file.datasync();
      } finally {
        await file.close();
      }
    }
  }

  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = () => {
    running = syncWal().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    flush() {
      if (walWritten.size === 0 && !running) return Promise.resolve();
      if (!running) return start();
      // A sync is under way but may have begun before this commit: wait for
      // the next one, which every commit waiting meanwhile shares.
      queued ??= running.then(
        () => {
          queued = undefined;
          return start();
        },
        () => {
          queued = undefined;
          return start();
        },
      );
      return queued;
    },
  };
}
