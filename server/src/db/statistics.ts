import type { Database } from './database.ts';

// PostgreSQL's autovacuum keeps planner statistics fresh on a real server, but
// embedded PGlite has no background workers. Without statistics the planner
// cannot tell that "newest 50 activities" should walk the index instead of
// sorting a user's whole history (about 1 ms against 150 ms for three years
// of entries), so the embedded database refreshes them itself.
const REFRESH_EVERY_MS = 10 * 60 * 1000;

export interface StatisticsRefresh {
  stop(): void;
}

export function refreshStatisticsPeriodically(
  db: Database,
  onError: (err: unknown) => void,
): StatisticsRefresh {
  const refresh = () => db.exec('ANALYZE').catch(onError);
  void refresh();
  const timer = setInterval(refresh, REFRESH_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
