// The database's share of one save as other people add their own questions
// (docs/decisions/108): this checkout's entry_questions against another
// revision's, on in-memory PGlite. For each count of other people's own
// questions, a new database: a person saves while the tables are tiny (so
// plans are kept from then), the others add their questions, statistics are
// taken (the embedded server's refresh makes kept plans anew too), then the
// person's saves are timed, the two versions turn about. Prints ms of
// database work a save, no HTTP and no disk.
// Usage: node server/scripts/measure-save-with-own-questions.ts --base=<revision> [--saves=600]
import { execFileSync } from 'node:child_process';
import { migratedImage, openSaver } from './save-work/saver.ts';

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
const image = await migratedImage();

async function msPerSave(ownQuestions: number, version: 'this' | 'base'): Promise<number> {
  const saver = await openSaver(image, version === 'base' ? [baseEntryQuestions] : []);
  try {
    for (let i = 0; i < 20; i++) await saver.save();
    if (ownQuestions > 0) {
      await saver.db.exec(
        `WITH people AS (
           INSERT INTO auth.users (id, email)
           SELECT gen_random_uuid(), 'other' || i || '@example.com'
           FROM generate_series(1, ${ownQuestions / EACH}) i
           RETURNING id)
         INSERT INTO public.questions (question, owner_id, answer_type, asked, page_id)
         SELECT 'Question ' || n, people.id, 'number', 'entry',
                (SELECT p.id FROM public.pages p WHERE p.name = 'own_questions')
         FROM people CROSS JOIN generate_series(1, ${EACH}) n`,
      );
    }
    await saver.db.exec('ANALYZE');
    await saver.msEach(200);
    return await saver.msEach(SAVES);
  } finally {
    await saver.close();
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
