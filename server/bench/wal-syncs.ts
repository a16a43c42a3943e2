// WAL syncs counted for real: the server runs under strace (server-process.ts),
// which writes a timestamped line, with the file's path, for every fsync and
// fdatasync the server makes. Here they are counted within a time window.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface SyncCounts {
  /** Syncs of write-ahead-log files (pg_wal/): the ones a commit waits for. */
  wal: number;
  /** Syncs of data files, directories and the control file (checkpoints). */
  other: number;
}

/** Whether strace can trace here (installed, and ptrace allowed). */
export function canTraceSyncs(): boolean {
  const probe = spawnSync('strace', ['-f', '--seccomp-bpf', '-qq', '-e', 'trace=fsync', 'true']);
  return probe.status === 0;
}

/** A line reads: `<pid> <seconds.micro> fdatasync(23</dir/pg_wal/0000…>) = 0`. */
const CALL = /^\d+\s+(\d+\.\d+)\s+(?:fsync|fdatasync)\(\d+<([^>]*)>/;

export async function countSyncs(
  traceFile: string,
  fromMs: number,
  toMs: number,
): Promise<SyncCounts> {
  const counts: SyncCounts = { wal: 0, other: 0 };
  for (const line of (await readFile(traceFile, 'utf8')).split('\n')) {
    const match = CALL.exec(line);
    if (!match) continue;
    const atMs = Number(match[1]) * 1000;
    if (atMs < fromMs || atMs > toMs) continue;
    if (match[2]?.includes('/pg_wal/')) counts.wal++;
    else counts.other++;
  }
  return counts;
}
