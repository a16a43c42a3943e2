// docs/benchmark.md's save figures: saves per second on an empty journal beside the
// same person's journal grown to BENCH_ACTIVITIES entries with stale
// statistics (ANALYZE while empty, then never again), on each database, and
// on the embedded one the WAL syncs each save cost (wal-syncs.ts).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgDatabase } from '../src/db/pg-database.ts';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { signUp, type Account } from './account.ts';
import type { LoadResult } from './load.ts';
import { options } from './options.ts';
import { oursAt } from './scenarios.ts';
import { activityCount, seed } from './seed.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { canTraceSyncs, countSyncs, type SyncCounts } from './wal-syncs.ts';

export interface GrowthRow {
  database: string;
  /** Which of the BENCH_GROWTH_RUNS runs, from 1; each on a new journal. */
  run: number;
  clients: number;
  empty: LoadResult;
  grown: LoadResult;
  /** Activities in the journal after the grown run. */
  activities: number;
  /** WAL syncs per save, counted by strace; undefined where not counted. */
  emptySyncsPerSave?: number;
  grownSyncsPerSave?: number;
}

interface SaveRun {
  result: LoadResult;
  syncs?: SyncCounts;
}

/** Saves at each of the bench's client counts, with the syncs they made when traced. */
async function saveRuns(
  server: RunningServer,
  account: Account,
  traceFile: string | undefined,
): Promise<SaveRun[]> {
  const windows: { result: LoadResult; fromMs: number; toMs: number }[] = [];
  for (const clients of growthClients()) {
    const fromMs = Date.now();
    const result = await oursAt(server.url, account, 'save', clients, {}, options.growthSeconds);
    windows.push({ result, fromMs, toMs: Date.now() });
  }
  // strace writes its trace out as the server stops.
  await server.stop();
  return Promise.all(
    windows.map(async ({ result, fromMs, toMs }) => ({
      result,
      ...(traceFile === undefined ? {} : { syncs: await countSyncs(traceFile, fromMs, toMs) }),
    })),
  );
}

/** The goal's load (docs/benchmark.md): 20 clients and more; one client would not show group commit. */
export function growthClients(): number[] {
  const many = options.clients.filter((n) => n >= 20);
  return many.length > 0 ? many : [20];
}

function rowsOf(
  database: string,
  run: number,
  empty: SaveRun[],
  grown: SaveRun[],
  activities: number,
) {
  const perSave = (run: SaveRun | undefined) =>
    run?.syncs === undefined ? undefined : run.syncs.wal / Math.max(1, run.result.total);
  return growthClients().map((clients, i): GrowthRow => {
    const row: GrowthRow = {
      database,
      run,
      clients,
      empty: empty[i]!.result,
      grown: grown[i]!.result,
      activities,
    };
    const emptySyncs = perSave(empty[i]);
    const grownSyncs = perSave(grown[i]);
    if (emptySyncs !== undefined) row.emptySyncsPerSave = emptySyncs;
    if (grownSyncs !== undefined) row.grownSyncsPerSave = grownSyncs;
    return row;
  });
}

const log = (line: string) => console.log(`· ${line}`);

/** PostgreSQL: a fresh database, statistics taken while empty and autovacuum off for it. */
export async function postgresGrowth(adminUrl: string, run: number): Promise<GrowthRow[]> {
  const name = `et_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createPgDatabase(url.toString());
  try {
    let server = await startServer({ DATABASE_URL: url.toString() });
    const account = await signUp(server.url);
    // Autovacuum is off on some servers and on in most; off for these tables,
    // the statistics stay those of the empty journal whatever the server's
    // setting, which is the case the goal is about.
    await db.exec(`DO $$ DECLARE t regclass; BEGIN
      FOR t IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = 'public' AND c.relkind = 'r' LOOP
        EXECUTE format('ALTER TABLE %s SET (autovacuum_enabled = false)', t);
      END LOOP; END $$`);
    await db.exec('ANALYZE');
    log(`postgres run ${run}: saves on the empty journal`);
    const empty = await saveRuns(server, account, undefined);
    log(`postgres run ${run}: growing the journal to ${options.activities} activities, no ANALYZE`);
    await seed(db, account.userId, options.activities, { analyze: false });
    server = await startServer({ DATABASE_URL: url.toString() });
    log(`postgres run ${run}: saves on the grown journal, statistics of the empty one`);
    const grown = await saveRuns(server, account, undefined);
    return rowsOf('postgres', run, empty, grown, await activityCount(db, account.userId));
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * PGlite: a fresh data directory. The journal grows with the server stopped,
 * so that it restarts on statistics of the empty journal; it then refreshes
 * them itself (server/src/db/embedded/statistics.ts), as it does for everyone.
 */
export async function pgliteGrowth(run: number): Promise<GrowthRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-growth-'));
  const traced = canTraceSyncs();
  const traceFile = (run: string) => (traced ? join(dir, `syncs-${run}.txt`) : undefined);
  const start = (run: string) => {
    const file = traceFile(run);
    return startServer({ DATA_DIR: dir }, file === undefined ? {} : { traceSyncsTo: file });
  };
  try {
    // The first start migrates a new data directory, and PostgreSQL's
    // WebAssembly is warm from it when the thread that serves starts (the
    // two share their compiled code): the empty journal's saves would run
    // on optimised code and the grown journal's, after a restart, on the
    // baseline tier. The empty run starts on a restart too, so that the
    // two starts are alike and the ratio is the journal's (docs/decisions/105).
    let server = await startServer({ DATA_DIR: dir });
    const account = await signUp(server.url);
    await server.stop();
    server = await start('empty');
    log(`pglite run ${run}: saves on the empty journal${traced ? ', syncs traced by strace' : ''}`);
    const empty = await saveRuns(server, account, traceFile('empty'));
    log(`pglite run ${run}: growing the journal to ${options.activities} activities, no ANALYZE`);
    const db = await createPgliteDatabase(join(dir, 'pgdata'));
    await seed(db, account.userId, options.activities, { analyze: false });
    await db.close();
    server = await start('grown');
    log(`pglite run ${run}: saves on the grown journal`);
    const grown = await saveRuns(server, account, traceFile('grown'));
    const check = await createPgliteDatabase(join(dir, 'pgdata'));
    const activities = await activityCount(check, account.userId);
    await check.close();
    return rowsOf('pglite', run, empty, grown, activities);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
