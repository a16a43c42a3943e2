// Where the database's share of a save goes: the Track tab's save on
// in-memory PGlite as shipped, then with its parts taken away one after
// another (each row a new database without the parts of the rows above it),
// and the request's script without the save. The differences between rows
// are what each part costs; no HTTP, no disk, no thread hop.
// Usage: node server/scripts/measure-save-parts.ts [--saves=1000] [--rounds=2]
import { migratedImage, openSaver } from './save-work/saver.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SAVES = Number(option('saves') ?? 1000);
const ROUNDS = Number(option('rounds') ?? 2);

// Each step takes away one more part of the save (the triggers and
// constraints the migrations put on user_answers).
const STEPS: [string, string[]][] = [
  ['as shipped', []],
  [
    'without deriving the typed entry (activity_entries)',
    ['DROP TRIGGER user_answers_sync_entries_insert ON public.user_answers'],
  ],
  [
    'and without counting the account’s usage',
    ['DROP TRIGGER user_answers_count_usage_insert ON public.user_answers'],
  ],
  [
    'and without the foreign keys’ checks',
    [
      'ALTER TABLE public.user_answers DROP CONSTRAINT user_answers_question_id_fkey',
      'ALTER TABLE public.user_answers DROP CONSTRAINT user_answers_user_id_fkey',
    ],
  ],
  [
    'and without row-level security (left: the insert, its indexes, placing in time)',
    ['ALTER TABLE public.user_answers DISABLE ROW LEVEL SECURITY'],
  ],
];

const image = await migratedImage();
const rows = STEPS.map(([name]) => ({ name, ms: [] as number[] }));
const scriptAlone: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, row] of rows.entries()) {
    const saver = await openSaver(
      image,
      STEPS.slice(0, i + 1).flatMap(([, sql]) => sql),
    );
    await saver.msEach(300);
    row.ms.push(await saver.msEach(SAVES));
    await saver.close();
  }
  // The request's role, claims and a statement that writes nothing.
  const saver = await openSaver(image);
  const script = () => saver.asPerson('SELECT 1');
  await saver.msEach(300, script);
  scriptAlone.push(await saver.msEach(SAVES, script));
  await saver.close();
}

const best = (ms: number[]) => Math.min(...ms);
console.log(`database work of one save, ms, best of ${ROUNDS} rounds of ${SAVES} saves`);
for (const [i, row] of rows.entries()) {
  const next = rows[i + 1];
  const part = next ? ` (this part ${(best(row.ms) - best(next.ms)).toFixed(3)})` : '';
  console.log(`${best(row.ms).toFixed(3).padStart(7)}  ${row.name}${part}`);
}
console.log(`${best(scriptAlone).toFixed(3).padStart(7)}  the request's script without the save`);
