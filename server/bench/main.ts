// `npm run bench`: ours over HTTP beside the same SQL sent straight to the
// database, on PostgreSQL and on embedded PGlite, for a person with years of
// journal; then start time, memory, Insights and the login screen's JavaScript; then
// the browser's figures (Lighthouse on /login, Insights at 20,000 entries).
// Before that, the goals' figures (docs/benchmark.md): saves on an empty journal beside a grown
// one with stale statistics, WAL syncs per save, and memory after the
// memory goal's load; a soak when asked.
// Options (environment): BENCH_SECONDS, BENCH_CLIENTS, BENCH_ONLY, BENCH_ACTIVITIES,
// BENCH_GROWTH_SECONDS, BENCH_GROWTH_RUNS,
// BENCH_MEMORY_SAVES, BENCH_SOAK_MINUTES, DATABASE_URL; see docs/benchmark.md.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPgDatabase } from '../src/db/pg-database.ts';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { signUp, type Account } from './account.ts';
import { pgliteGrowth, postgresGrowth, type GrowthRow } from './growth.ts';
import { printGrowthTable } from './growth-table.ts';
import { printGoalTable, runGoalScript, type GoalRow } from './goals.ts';
import { insightsGoals } from './insights.ts';
import { loginScriptKiB } from './login-bundle.ts';
import { memoryNotes } from './memory.ts';
import { options } from './options.ts';
import { raceThePeer, type RaceRow } from './peer-race.ts';
import { printRaceTable } from './race-table.ts';
import { floorAt, oursAt, workloads, type Row } from './scenarios.ts';
import { activityCount, brokenActivities, seed } from './seed.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { soak } from './soak.ts';
import { startGoal } from './start-time.ts';
import { printTable } from './table.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const rows: Row[] = [];
const growthRows: GrowthRow[] = [];
const notes: string[] = [];
const goalRows: GoalRow[] = [];
const raceRows: RaceRow[] = [];
const log = (line: string) => console.log(`· ${line}`);

/**
 * Each cell runs ours and then the floor straight after, so that both meet
 * the same load from whatever else the machine is doing.
 */
async function cells(
  server: RunningServer,
  account: Account,
  database: string,
  exec: (script: string) => Promise<unknown>,
) {
  for (const workload of workloads()) {
    for (const clients of options.clients) {
      const ours = await oursAt(server.url, account, workload, clients);
      const floor = await floorAt(exec, account, workload, clients);
      rows.push({ database, workload, clients, ours, floor });
    }
  }
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: options.postgresUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function benchPostgres() {
  const name = `et_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  let server: RunningServer | undefined;
  const db = createPgDatabase(url.toString());
  try {
    server = await startServer({ DATABASE_URL: url.toString() });
    const account = await signUp(server.url);
    log(`postgres: seeding ${options.activities} activities`);
    await seed(db, account.userId, options.activities);
    // The floor's pool is as large as the server's.
    const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
    log('postgres: ours over HTTP, then the floor through node-postgres');
    await cells(server, account, 'postgres', (script) => pool.query(script));
    await pool.end();
    notes.push(
      `postgres: ${await activityCount(db, account.userId)} activities, ` +
        `${await brokenActivities(db, account.userId)} without all five answers`,
    );
  } finally {
    await server?.stop();
    await db.close();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

async function benchPglite() {
  const dir = await mkdtemp(join(tmpdir(), 'et-bench-'));
  try {
    // The schema and the person come from a first start; the history and the
    // floor run with the data directory opened straight in this process.
    const first = await startServer({ DATA_DIR: dir });
    const account = await signUp(first.url);
    await first.stop();
    log(`pglite: seeding ${options.activities} activities`);
    const seeding = await createPgliteDatabase(join(dir, 'pgdata'));
    await seed(seeding, account.userId, options.activities);
    await seeding.close();
    // The floor runs in this process on a copy, beside the server on the original.
    await cp(join(dir, 'pgdata'), join(dir, 'floor'), { recursive: true });
    const direct = await createPgliteDatabase(join(dir, 'floor'));

    if (options.runs('start')) {
      log('pglite: starts on the existing data directory');
      goalRows.push(await startGoal(dir, options.activities));
    }
    const server = await startServer({ DATA_DIR: dir });
    try {
      log('pglite: ours over HTTP, then the same script on PGlite in this process');
      await cells(server, account, 'pglite', (script) => direct.exec(script));
      notes.push(
        `pglite: server RSS after the table's load: ${(await server.rssMiB()).toFixed(0)} MiB`,
      );
      if (options.runs('web')) {
        const login = await loginScriptKiB(server.url);
        notes.push(
          `web: /login loads ${login.files} JS files, ${login.gzipKiB.toFixed(1)} KiB gzip`,
        );
      }
    } finally {
      await server.stop();
      await direct.close();
    }
    const check = await createPgliteDatabase(join(dir, 'pgdata'));
    notes.push(
      `pglite: ${await activityCount(check, account.userId)} activities, ` +
        `${await brokenActivities(check, account.userId)} without all five answers`,
    );
    await check.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (!existsSync(join(root, 'web/dist/index.html'))) {
  log('building the web app');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
log(
  `${options.seconds} s per run at ${options.clients.join(', ')} clients, ` +
    `${options.activities} activities; ${process.env['BENCH_ONLY'] ?? 'everything'}`,
);
if (options.runs('growth')) {
  // Each run on a new journal; the two databases take turns, so that both
  // meet the machine's other load alike.
  for (let run = 1; run <= options.growthRuns; run++) {
    if (options.runs('postgres')) {
      growthRows.push(...(await postgresGrowth(options.postgresUrl, run)));
    }
    if (options.runs('pglite')) growthRows.push(...(await pgliteGrowth(run)));
  }
}
if (options.runs('memory') && options.runs('pglite')) notes.push(...(await memoryNotes(log)));
const cellsRun = workloads().length > 0;
if (options.runs('postgres') && cellsRun) await benchPostgres();
if (options.runs('pglite') && (cellsRun || options.runs('start') || options.runs('web'))) {
  await benchPglite();
}
if (options.runs('insights') && options.runs('pglite')) {
  goalRows.push(...(await insightsGoals(options.activities, log)));
}
if (options.runs('browser')) {
  // In Chromium, on the embedded database: what the everyday tests no longer
  // time (docs/testing.md), each beside its goal.
  log('browser: Lighthouse on /login, seven runs');
  goalRows.push(...(await runGoalScript('e2e/scripts/measure-login-lighthouse.ts')));
  log('browser: the Insights tab at 20,000 entries');
  goalRows.push(...(await runGoalScript('e2e/scripts/measure-insights-tab.ts')));
}
if (options.runs('peer')) {
  const race = await raceThePeer(log);
  raceRows.push(...race.rows);
  goalRows.push(...race.goals);
  notes.push(...race.notes);
}
if (options.soakMinutes > 0 && options.runs('pglite')) {
  notes.push(...(await soak(options.soakMinutes)));
}
if (rows.length > 0) printTable(rows);
printRaceTable(raceRows);
printGrowthTable(growthRows);
printGoalTable(goalRows);
for (const note of notes) console.log(note);
