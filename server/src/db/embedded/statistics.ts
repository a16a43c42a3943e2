import type { Database } from '../database.ts';

// PostgreSQL's autovacuum keeps planner statistics fresh on a real server, but
// embedded PGlite has no background workers. Without statistics the planner
// cannot tell that "newest 50 activities" should walk the index instead of
// sorting a user's whole history (about 1 ms against 150 ms for three years
// of entries), so the embedded database refreshes them itself: every few
// minutes, and a couple of seconds after a large change such as an import, so
// that the history is fast straight after it (docs/decisions/015).
const REFRESH_EVERY_MS = 10 * 60 * 1000;
/**
 * The first refresh waits a little: statistics kept in the data directory
 * from the last run serve meanwhile, and the first requests after a start do
 * not queue behind a whole journal being sampled.
 */
const FIRST_REFRESH_MS = 5000;
/**
 * Rows written since the last refresh that make the next one come soon: a
 * tenth of the answers there were then, as autovacuum reckons, and never
 * fewer than this. A fixed count alone made steady saves under load (a few
 * thousand answers a second) re-sample the whole database every couple of
 * seconds, each time holding the event loop for everyone.
 */
export const LARGE_CHANGE_ROWS = 1000;
const LARGE_CHANGE_SHARE = 0.1;
export const AFTER_LARGE_CHANGE_MS = 2000;

/**
 * The tables a refresh samples: ours, not PostgreSQL's catalogs. Sampling the
 * whole database spent most of its time on the catalogs, which only change
 * with migrations, while holding the event loop for everyone (0.7 s on an
 * empty journal on a loaded machine; docs/decisions/048). Largest first: the
 * tables a grown journal lives in are the ones the history's plans need, and
 * the many small ones after them cost little.
 */
const APP_TABLES_SQL = `
  SELECT format('%I.%I', schemaname, tablename) AS name
  FROM pg_catalog.pg_tables
  WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
  ORDER BY pg_catalog.pg_relation_size(format('%I.%I', schemaname, tablename)::regclass) DESC, 1`;

/**
 * PGlite runs a statement on the event loop: while one table is sampled, no
 * request is even read. The refresh analyzes one table at a time and, after
 * each, waits twice as long as that table took (within these bounds) before
 * the next, so that the requests that arrived meanwhile are read, reach the
 * database first and are answered: a request waits behind one table's
 * ANALYZE, not all of them (docs/decisions/049). The pause costs nothing but
 * the refresh's own wall time, and the refresh is never urgent to the ms.
 */
const PAUSE_PER_STEP_MS = 2;
const MAX_PAUSE_MS = 100;

const pauseAfter = (stepMs: number) =>
  new Promise<void>((resolve) => {
    const ms = Math.min(MAX_PAUSE_MS, stepMs * PAUSE_PER_STEP_MS);
    // Under a millisecond a timer would wait a whole one anyway; a turn of the
    // event loop lets already-read requests queue up first.
    if (ms < 1) setImmediate(resolve);
    else setTimeout(resolve, ms);
  });

export interface StatisticsRefresh {
  /** Counts rows a request wrote; a large change schedules a refresh. */
  rowsChanged(count: number): void;
  stop(): void;
}

export function refreshStatisticsPeriodically(
  db: Database,
  onError: (err: unknown) => void,
  {
    afterChangeMs = AFTER_LARGE_CHANGE_MS,
    firstRefreshMs = FIRST_REFRESH_MS,
    // Told when a refresh has sampled every table and set the next large
    // change: a test waits for it instead of guessing how long one takes.
    onRefreshed = () => {},
  } = {},
): StatisticsRefresh {
  let changed = 0;
  let largeChange = LARGE_CHANGE_ROWS;
  let soon: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  let again = false;
  const analyzeStepwise = async () => {
    const tables = await db.query<{ name: string }>(APP_TABLES_SQL);
    for (const { name } of tables.rows) {
      if (stopped) return;
      const started = performance.now();
      await db.exec(`ANALYZE ${name}`);
      await pauseAfter(performance.now() - started);
    }
    const { rows } = await db.query<{ reltuples: number }>(
      "SELECT reltuples FROM pg_class WHERE oid = 'public.user_answers'::regclass",
    );
    largeChange = Math.max(
      LARGE_CHANGE_ROWS,
      LARGE_CHANGE_SHARE * (Number(rows[0]?.reltuples) || 0),
    );
  };
  const refresh = async () => {
    // A refresh now takes a while; one asked for meanwhile runs after it, so
    // that the rows written during this one are sampled too.
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        changed = 0;
        try {
          await analyzeStepwise();
        } catch (err) {
          if (!stopped) onError(err);
        }
      } while (again && !stopped);
      if (!stopped) onRefreshed();
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void refresh(), firstRefreshMs);
  first.unref();
  const timer = setInterval(refresh, REFRESH_EVERY_MS);
  timer.unref();
  return {
    rowsChanged(count) {
      changed += count;
      if (changed < largeChange || soon) return;
      // Writes keep coming during an import: one refresh a couple of seconds
      // in covers them, and the next large batch schedules another.
      soon = setTimeout(() => {
        soon = undefined;
        void refresh();
      }, afterChangeMs);
      soon.unref();
    },
    stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      if (soon) clearTimeout(soon);
    },
  };
}
