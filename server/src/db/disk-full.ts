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

/** 53100 from the database, or ENOSPC from our own sync of the embedded WAL (pglite-durability.ts). */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === DISK_FULL_SQLSTATE || code === 'ENOSPC';
}
