// PostgreSQL reports a disk that has no room left for a write as SQLSTATE
// 53100 (disk_full), whether the database is a server of its own or the
// embedded one (PGlite passes the file system's ENOSPC up the same way;
// docs/decisions/033). Both APIs answer it with 507 Insufficient Storage and
// one message a person can act on, never with a 500: nothing was written,
// and the same request succeeds once there is room again.

export const DISK_FULL_SQLSTATE = '53100';

export const DISK_FULL_STATUS = 507;

export const DISK_FULL_MESSAGE =
  'The server is out of disk space. Nothing was saved; try again later.';

/** 53100 from the database, or ENOSPC from our own sync of the embedded WAL (embedded/pglite-durability.ts). */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === DISK_FULL_SQLSTATE || code === 'ENOSPC';
}

/**
 * The embedded database could not start a new write-ahead-log segment. PGlite
 * answers that statement with 53100 but hangs, spinning on the event loop, at
 * the next one (PGlite 0.5; docs/decisions/033), so nothing may be sent to it
 * again: only a restart, with room for a 16 MB segment, brings it back.
 */
export function isWalGrowthRefused(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return isDiskFull(err) && typeof message === 'string' && message.includes('pg_wal/');
}
