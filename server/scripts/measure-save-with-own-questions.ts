// The database's share of one save as other people add their own questions
// (docs/decisions/108): this checkout's entry_questions against another
// revision's, on in-memory PGlite, migrated as the server migrates it. For
// each count of other people's own questions, a new database: a person saves
// while the tables are tiny (so plans are kept from then), the others add
// their questions, statistics are taken (the embedded server's refresh makes
// kept plans anew too), then the person's saves are timed, the two versions
// turn about. Prints ms of database work a save, no HTTP and no disk.
// Usage: node server/scripts/measure-save-with-own-questions.ts --base=<revision> [--saves=600]
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase } from '../src/db/embedded/pglite-database.ts';
import { migrate } from '../src/db/migrate.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const BASE = option('base');
if (!BASE) throw new Error('--base=<revision> is required (e.g. --base=main)');
const SAVES = Number(option('saves') ?? 600);
const OWN_QUESTIONS = [0, 1000, 6000];
const EACH = 4;

const baseEntryQuestions = execFileSync(
  'git',
  ['show', `${BASE}:server/db/app/functions/entry_questions.sql`],
  { encoding: 'utf8' },
);

// The statement the data API runs for the Track tab's save (an upsert of the
// entry's answers on its key, duplicates ignored), with its prelude.
const SAVE = `WITH _src AS (INSERT INTO public.user_answers (user_id, question_id, answer, entry_key)
  SELECT user_id, question_id, answer, entry_key
  FROM json_to_recordset($1::text::json) AS _b(user_id uuid, question_id bigint, answer text, entry_key uuid)
  ON CONFLICT (user_id, entry_key, question_id) DO NOTHING RETURNING 1)
SELECT count(*) FROM _src`;
const ANSWERS = ['Bench walk', '72', '64', 'true', 'Measured by the script'];
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

const migrated = await createPgliteDatabase(undefined);
await migrate(migrated);
const image = await migrated.dumpDataDir();
await migrated.close();

async function msPerSave(ownQuestions: number, version: 'this' | 'base'): Promise<number> {
  const db = await PGlite.create({ loadDataDir: image });
  try {
    if (version === 'base') await db.exec(baseEntryQuestions);
    const userId = randomUUID();
    await db.query(`INSERT INTO auth.users (id, email) VALUES ($1, 'saver@example.com')`, [userId]);
    const questions = (
      await db.query<{ id: number }>(
        `SELECT q.id FROM public.questions q JOIN public.pages p ON p.id = q.page_id
         WHERE p.name = 'good_time_journal' ORDER BY q.id`,
      )
    ).rows.map((row) => row.id);
    await db.exec(`PREPARE save AS ${SAVE}`);
    const claims = literal(JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }));
    const save = () => {
      const entryKey = randomUUID();
      const body = JSON.stringify(
        questions.map((id, i) => ({
          user_id: userId,
          question_id: id,
          answer: ANSWERS[i],
          entry_key: entryKey,
        })),
      );
      return db.exec(
        `SET LOCAL ROLE authenticated; SELECT set_config('request.jwt.claims', ${claims}, true); EXECUTE save(${literal(body)})`,
      );
    };
    for (let i = 0; i < 20; i++) await save();
    if (ownQuestions > 0) {
      await db.exec(
        `WITH people AS (
           INSERT INTO auth.users (id, email)
           SELECT gen_random_uuid(), 'other' || i || '@example.com' FROM generate_series(1, ${ownQuestions / EACH}) i
           RETURNING id)
         INSERT INTO public.questions (question, owner_id, answer_type, asked, page_id)
         SELECT 'Question ' || n, people.id, 'number', 'entry',
                (SELECT p.id FROM public.pages p WHERE p.name = 'own_questions')
         FROM people CROSS JOIN generate_series(1, ${EACH}) n`,
      );
    }
    await db.exec('ANALYZE');
    for (let i = 0; i < 200; i++) await save();
    const started = performance.now();
    for (let i = 0; i < SAVES; i++) await save();
    return (performance.now() - started) / SAVES;
  } finally {
    await db.close();
  }
}

console.log(`database work of one save, ms (${SAVES} saves each; this checkout against ${BASE})`);
console.log('own questions   this   base   base/this');
for (const count of OWN_QUESTIONS) {
  const base = await msPerSave(count, 'base');
  const mine = await msPerSave(count, 'this');
  console.log(
    `${String(count).padStart(13)} ${mine.toFixed(3).padStart(6)} ${base.toFixed(3).padStart(6)} ${(base / mine).toFixed(2).padStart(10)}×`,
  );
}
