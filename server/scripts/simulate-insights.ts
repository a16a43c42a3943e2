// How often would Insights be wrong? A ground-truth simulation
// (docs/benchmark.md, "The Insights simulation"; the model: docs/decisions/083):
// people whose real effects are known keep journals the way people do, each
// journal goes in through import_entries and is read back through the
// insights call, exactly as the app does, and the clear findings are held
// against the truth. Prints, for All time and Last 30 days:
// - the share of clear findings that are false (no real difference, or the
//   wrong sign), and those on a real effect with the wrong sign;
// - the share of real effects of 10 points or more found;
// - how often the 95% intervals hold the truth;
// - in journals of pure noise, the share of people who see any clear finding;
// - for the own questions each journal keeps (docs/decisions/085; not with
//   --no-questions, which draws the journals of ADR 083 exactly): how often
//   a clear claim about them is false or has the wrong sign, how many real
//   effects are found, and how often the intervals hold the truth.
// A measurement, not a test: goals are printed beside the figures.
// Usage: node server/scripts/simulate-insights.ts [people=100] [--weeks=8] [--seed=1]
//        [--against=<insights.sql of another version>] [--no-questions]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { readFile } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer } from '../test/helpers/test-server.ts';
import { signedInClient } from '../test/helpers/users.ts';
import { drawPerson, type Person, type Truth } from './simulation/people.ts';
import { random } from './simulation/random.ts';
import { scoreScreen, summarize, type Row, type ScreenScore } from './simulation/score.ts';
import {
  emptyQuestionScore,
  scoreDayNumber,
  scoreYesNoRows,
  type QuestionScore,
} from './simulation/score-questions.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const PEOPLE = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100);
const WEEKS = Number(option('weeks') ?? 8);
const SEED = Number(option('seed') ?? 1);
const AGAINST = option('against');
const QUESTIONS = !process.argv.includes('--no-questions');
// The simulated journals are drawn in UTC (people.ts).
const ZONE = 'UTC';

interface Screen {
  comparisons: { energy: Row[]; engagement: Row[] };
  typical_activities?: { energy: Array<{ key: string }>; engagement: Array<{ key: string }> };
  own_questions?: Array<{
    id: number;
    fit: { estimate: number; interval_low: number; interval_high: number; clear: boolean } | null;
  }>;
}

/** The activity and tag rows alone, scored as before own questions. */
const withoutQuestions = (c: Screen['comparisons']) => ({
  energy: c.energy.filter((r) => r.kind !== ('question' as string)),
  engagement: c.engagement.filter((r) => r.kind !== ('question' as string)),
});

const PERIODS = [
  { label: 'All time', days: null },
  { label: 'Last 30 days', days: 30 },
] as const;

async function insightsOf(client: SupabaseClient, fn: string, days: number | null) {
  const { data, error } = await client.rpc(fn, { period_days: days, time_zone: ZONE });
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data as Screen;
}

async function importJournal(client: SupabaseClient, person: Person) {
  for (let i = 0; i < person.entries.length; i += 1000) {
    const batch = person.entries.slice(i, i + 1000).map((e) => ({
      created_at: e.at.toISOString(),
      activity: e.activity,
      energy: e.energy,
      engagement: e.engagement,
      flow_state: false,
      notes: '',
      tags: e.tags,
    }));
    const { error } = await client.rpc('import_entries', { entries: batch });
    if (error) throw new Error(`import_entries: ${error.message}`);
  }
}

/**
 * The person's two own questions, and their answers added to the imported
 * entries as the app sends them: rows of user_answers at each entry's time.
 */
async function answerQuestions(client: SupabaseClient, userId: string, person: Person) {
  const add = async (fields: Record<string, unknown>) => {
    const { data, error } = await client.from('questions').insert(fields).select('id').single();
    if (error) throw new Error(`questions: ${error.message}`);
    return data.id as number;
  };
  const caffeine = await add({ question: 'Caffeine', answer_type: 'yes_no', asked: 'entry' });
  const slept = await add({
    question: 'Hours slept',
    answer_type: 'number',
    unit: 'h',
    asked: 'day',
  });
  const rows = person.entries.flatMap((e) => [
    ...(e.caffeine === null
      ? []
      : [{ question_id: caffeine, answer: String(e.caffeine), created_at: e.at.toISOString() }]),
    ...(e.hoursSlept === null
      ? []
      : [{ question_id: slept, answer: String(e.hoursSlept), created_at: e.at.toISOString() }]),
  ]);
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((r) => ({ ...r, user_id: userId }));
    const { error } = await client.from('user_answers').insert(batch);
    if (error) throw new Error(`user_answers: ${error.message}`);
  }
  return { slept };
}

const server = await startTestServer();
try {
  if (AGAINST) {
    const sql = await readFile(AGAINST, 'utf8');
    await server.database.db.exec(sql.replaceAll('public.insights(', 'public.insights_against('));
  }
  const methods = AGAINST ? ['insights', 'insights_against'] : ['insights'];
  const rand = random(SEED);
  // The questions draw from a stream of their own, so the rest of each
  // journal is the one drawn without them.
  const questionRand = QUESTIONS ? random(SEED + 7919) : undefined;
  const questionScores = new Map<string, QuestionScore>();
  const questionScore = (id: string) => {
    const score = questionScores.get(id) ?? emptyQuestionScore();
    questionScores.set(id, score);
    return score;
  };
  const now = new Date();
  // scores[method][period][kind of journal]
  const scores = new Map<string, ScreenScore[]>();
  const started = performance.now();
  for (let i = 0; i < PEOPLE * 2; i++) {
    const noise = i >= PEOPLE; // the second half: journals of pure noise
    const person = drawPerson(rand, { weeks: WEEKS, now, zone: ZONE, noise, questionRand });
    const { client, userId } = await signedInClient(server, `sim${i}`);
    await importJournal(client, person);
    const asked = person.questions ? await answerQuestions(client, userId, person) : null;
    for (const method of methods) {
      for (const period of PERIODS) {
        const screen = await insightsOf(client, method, period.days);
        const truth: Truth = person.truthFor(period.days);
        const id = `${method}|${period.label}|${noise ? 'noise' : 'real'}`;
        const list = scores.get(id) ?? [];
        list.push(
          scoreScreen(withoutQuestions(screen.comparisons), screen.typical_activities, truth),
        );
        scores.set(id, list);
        if (person.questions && asked && method === 'insights') {
          scoreYesNoRows(
            questionScore(`yes-no|${period.label}`),
            screen.comparisons,
            person.questions,
          );
          const slept = screen.own_questions?.find((q) => q.id === asked.slept);
          scoreDayNumber(
            questionScore(`day-number|${period.label}`),
            slept?.fit ?? null,
            person.questions,
          );
        }
      }
    }
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(
    `${PEOPLE} people with real effects and ${PEOPLE} of pure noise, ${WEEKS} weeks each, seed ${SEED} (${seconds} s)\n`,
  );
  for (const method of methods) {
    console.log(method === 'insights' ? 'The method the app ships:' : `Against ${AGAINST}:`);
    const real = (p: string) => scores.get(`${method}|${p}|real`) ?? [];
    const noise = (p: string) => scores.get(`${method}|${p}|noise`) ?? [];
    const both = [...real('All time'), ...real('Last 30 days')];
    const s = summarize(both);
    const all = summarize(real('All time'));
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    console.log(
      `  clear findings false (both screens):  ${pct(s.falseShare)} of ${s.clear}   goal ≤ 20%`,
    );
    console.log(`    of which on tags: ${pct(s.falseOnTagsShare)}`);
    console.log(`  clear on a real effect, wrong sign:   ${pct(s.wrongSignShare)}   goal ≤ 1%`);
    console.log(
      `  real effects ≥ 10 points found (All time): ${pct(all.foundShare)} of ${all.bigEffects}   goal ≥ 40%`,
    );
    console.log(`    of which not compared at all: ${pct(all.notComparedShare)}`);
    console.log(`  95% intervals holding the truth:      ${pct(s.coverage)}   goal ≥ 94%`);
    console.log(`  people seeing a false finding:        ${pct(s.peopleWithFalse)}`);
    for (const p of PERIODS) {
      const n = summarize(noise(p.label));
      console.log(
        `  pure noise, ${p.label}: people with any clear finding ${pct(n.peopleWithClear)}   goal ≤ 15%`,
      );
    }
    console.log();
  }
  if (QUESTIONS) {
    console.log('Own questions (the method the app ships; both kinds of journal):');
    const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
    for (const [label, kind] of [
      ['Caffeine, yes or no with every entry (comparisons, both measures)', 'yes-no'],
      ['Hours slept, once a day (Your questions)', 'day-number'],
    ] as const) {
      console.log(`  ${label}:`);
      for (const p of PERIODS) {
        const s = questionScores.get(`${kind}|${p.label}`) ?? emptyQuestionScore();
        console.log(
          `    ${p.label}: clear ${s.clear}, false ${pct(s.falseClear, s.clear)}` +
            `, wrong sign ${pct(s.wrongSign, s.clear)}; null truths called clear ${pct(s.nullClear, s.nulls)} of ${s.nulls}` +
            `; real effects found ${pct(s.found, s.real)} of ${s.real}` +
            `; 95% intervals holding the truth ${pct(s.covered, s.shown)} of ${s.shown}`,
        );
      }
    }
  }
} finally {
  await server.close();
}
