// Compares the held-fixed comparisons of insights() (docs/decisions/083)
// with those of another revision, on one journal in one database: the
// revision's held_fixed_*.sql and t_two_sided_p.sql files are created in a
// schema of their own (base_private) beside this checkout's, and both are
// called turn about as the person, so a busy machine slows both alike.
// Prints, for All time and Last 30 days, the median of --runs calls of each
// and their ratio, and fails when the two answers differ in anything but
// float noise (1e-9 relative): a change of speed must not change a finding.
// Usage: node server/scripts/compare-held-fixed.ts --base=<revision> [entries=20000]
//        [--runs=7] [--questions]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
// --questions gives the person two yes-or-no questions and a scale asked
// with every entry, answered on most entries, and compares them too.
import { execFileSync } from 'node:child_process';
import { startTestServer } from '../test/helpers/test-server.ts';
import { seedInsightsJournal } from '../test/helpers/seed-insights-journal.ts';
import { signedInClient } from '../test/helpers/users.ts';
import type { Queryable } from '../src/db/database.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const BASE = option('base');
if (!BASE) throw new Error('--base=<revision> is required (e.g. --base=main)');
const ENTRIES = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 20_000);
const RUNS = Number(option('runs') ?? 7);
const QUESTIONS = process.argv.includes('--questions');
const FILES = [
  'held_fixed_cells',
  'held_fixed_column_test',
  'held_fixed_aggregate_parts',
  'held_fixed_normal_equations',
  'held_fixed_scores',
  'held_fixed_contrasts',
  'held_fixed_comparisons',
  't_two_sided_p',
];

/** The revision's function files that exist there, calling one another in base_private. */
function baseFunctions(): string[] {
  return FILES.flatMap((name) => {
    let sql: string;
    try {
      sql = execFileSync('git', ['show', `${BASE}:server/db/app/functions/${name}.sql`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch {
      return []; // not in that revision
    }
    for (const other of FILES) {
      sql = sql.replaceAll(`journal_private.${other}(`, `base_private.${other}(`);
    }
    return [sql];
  });
}

const server = await startTestServer();
try {
  const { userId } = await signedInClient(server, 'held-fixed');
  const db = server.database.db;
  await seedInsightsJournal(db, userId, ENTRIES);
  let questionIds: string[] | null = null;
  if (QUESTIONS) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO public.questions (owner_id, question, answer_type, asked)
       VALUES ($1, 'Caffeine', 'yes_no', 'entry'), ($1, 'Focus', 'scale', 'entry'),
              ($1, 'Alone', 'yes_no', 'entry')
       RETURNING id`,
      [userId],
    );
    const [caffeine, focus, alone] = rows.map((r) => String(r.id));
    await db.query(
      `UPDATE public.activity_entries e
       SET answers = jsonb_strip_nulls(jsonb_build_object(
             $2::text, CASE WHEN x % 10 <> 0 THEN (x % 3 = 0)::text END,
             $3::text, CASE WHEN x % 10 <> 1 THEN (1 + x % 5)::text END,
             $4::text, CASE WHEN x % 7 < 5 THEN (x % 2 = 0)::text END))
       FROM (SELECT created_at, (extract(epoch FROM created_at) / 60)::bigint AS x
             FROM public.activity_entries WHERE user_id = $1) s
       WHERE e.user_id = $1 AND e.created_at = s.created_at`,
      [userId, caffeine, focus, alone],
    );
    questionIds = [caffeine!, alone!];
  }
  await db.exec('ANALYZE');
  await db.exec('CREATE SCHEMA base_private; GRANT USAGE ON SCHEMA base_private TO authenticated');
  for (const sql of baseFunctions()) await db.exec(sql);

  const claims = JSON.stringify({ sub: userId, role: 'authenticated' });
  async function call(schema: string, since: string): Promise<{ ms: number; answer: unknown }> {
    return db.transaction(async (tx: Queryable) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [claims]);
      const started = performance.now();
      const { rows } = await tx.query<{ answer: unknown }>(
        `SELECT ${schema}.held_fixed_comparisons(${since}, 'Europe/Berlin', $1) AS answer`,
        [questionIds],
      );
      return { ms: performance.now() - started, answer: rows[0]?.answer };
    });
  }
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[times.length >> 1]!;
  const differences: string[] = [];
  function compare(ours: unknown, theirs: unknown, path: string): void {
    if (typeof ours === 'number' && typeof theirs === 'number') {
      if (Math.abs(ours - theirs) > 1e-9 * Math.max(1, Math.abs(theirs))) {
        differences.push(`${path}: ${ours} against ${theirs}`);
      }
    } else if (ours && theirs && typeof ours === 'object' && typeof theirs === 'object') {
      const keys = new Set([...Object.keys(ours), ...Object.keys(theirs)]);
      for (const key of keys) {
        compare(
          (ours as Record<string, unknown>)[key],
          (theirs as Record<string, unknown>)[key],
          `${path}.${key}`,
        );
      }
    } else if (ours !== theirs) {
      differences.push(`${path}: ${JSON.stringify(ours)} against ${JSON.stringify(theirs)}`);
    }
  }

  console.log(
    `${server.database.url ? 'PostgreSQL' : 'PGlite'}, ${ENTRIES} entries${QUESTIONS ? ' with questions' : ''}, ` +
      `${RUNS} calls each, turn about; this checkout against ${BASE}`,
  );
  for (const [label, since] of [
    ['All time', 'NULL'],
    ['Last 30 days', "now() - interval '30 days'"],
  ] as const) {
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const base = await call('base_private', since);
      const now = await call('journal_private', since);
      theirs.push(base.ms);
      ours.push(now.ms);
      if (i === 0) compare(now.answer, base.answer, label);
    }
    console.log(
      `${label}: ${Math.round(median(ours))} ms against ${Math.round(median(theirs))} ms ` +
        `(${(median(ours) / median(theirs)).toFixed(2)}×)`,
    );
  }
  if (differences.length > 0) {
    console.log(`the answers differ:\n${differences.slice(0, 20).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('the answers are the same');
  }
} finally {
  await server.close();
}
