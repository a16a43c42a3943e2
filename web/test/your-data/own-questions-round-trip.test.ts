import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { createOwnQuestions } from '../../src/features/your-data/api/create-own-questions.ts';
import { fetchAllEntries } from '../../src/features/your-data/api/fetch-all-entries.ts';
import { fetchOwnQuestions } from '../../src/journal/own-questions.ts';
import { importEntries } from '../../src/features/your-data/api/import-entries.ts';
import { entriesToCsv, entriesToJson } from '../../src/features/your-data/format-export.ts';
import {
  fileQuestionOf,
  type FileQuestion,
} from '../../src/features/your-data/own-questions/file-question.ts';
import { planOwnAnswers } from '../../src/features/your-data/own-questions/plan-own-answers.ts';
import { readyToImport } from '../../src/features/your-data/own-questions/ready-to-import.ts';
import { checkImportFile, problemText } from '../../src/features/your-data/parse-import.ts';
import { createAccountElsewhere, signInElsewhere, signUpAppUser } from '../support/users.ts';

// A person's own questions and answers (docs/decisions/084) go out with the
// CSV and JSON exports and come back into another account through the
// import, as Profile's Your data runs it, against the real server
// (docs/decisions/100): the worst texts exactly as they were.

const account = { email: 'x@example.test', first_name: '', last_name: '' };

/** 100 characters as the database counts them: a line separator, emoji, a comma, quotes. */
const LONGEST_QUESTION = ('Q\u2028🙂,"' + 'x'.repeat(15)).repeat(5);
/** The longest short-text answer, 200 characters of the same. */
const LONGEST_ANSWER = ('a\u2029😀,"\u2028' + 'y'.repeat(34)).repeat(5);

const QUESTIONS: FileQuestion[] = [
  {
    question: 'Hours slept',
    answer_type: 'number',
    unit: 'h',
    lowest: 0,
    highest: 24,
    label_1: null,
    label_5: null,
    asked: 'day',
    hidden: false,
  },
  {
    question: 'Stress',
    answer_type: 'scale',
    unit: null,
    lowest: null,
    highest: null,
    label_1: 'calm',
    label_5: 'frantic, "very"',
    asked: 'entry',
    hidden: false,
  },
  {
    question: LONGEST_QUESTION,
    answer_type: 'text',
    unit: null,
    lowest: null,
    highest: null,
    label_1: null,
    label_5: null,
    asked: 'entry',
    hidden: false,
  },
  {
    question: '=Coffee?',
    answer_type: 'yes_no',
    unit: null,
    lowest: null,
    highest: null,
    label_1: null,
    label_5: null,
    asked: 'entry',
    hidden: true,
  },
];

const entry = (date: string, activity: string) => ({
  date,
  activity,
  energy: 60,
  engagement: 70,
  flow_state: false,
  notes: null,
  tags: [],
});

/** Alice's journal: four questions, one hidden, answered on two of three entries. */
async function journalWithQuestions(label: string) {
  const user = await signUpAppUser(label);
  const made = await createOwnQuestions(user.supabase, QUESTIONS);
  const id = (text: string) => String(made.find((q) => q.question === text)!.id);
  const summary = await importEntries(
    user.supabase,
    [
      {
        ...entry('2025-06-01T07:00:00.123456+00:00', 'Run'),
        answers: {
          [id('Hours slept')]: '7.5',
          [id('Stress')]: '2',
          [id(LONGEST_QUESTION)]: LONGEST_ANSWER,
          [id('=Coffee?')]: 'true',
        },
      },
      {
        ...entry('2025-06-02T07:00:00+00:00', 'Read'),
        answers: { [id('Hours slept')]: '0', [id(LONGEST_QUESTION)]: '-5, "=SUM(1)"' },
      },
      entry('2025-06-03T07:00:00+00:00', 'Rest'),
    ],
    () => {},
  );
  expect(summary).toEqual({ added: 3, skipped: 0, conflicts: 0 });
  return user;
}

/** Another person, on a client of their own: the app's clients share one session store. */
async function otherPerson(label: string) {
  const { email, password } = await createAccountElsewhere(label);
  const supabase = await signInElsewhere(email, password);
  const { data } = await supabase.auth.getUser();
  return { supabase, id: data.user!.id };
}

/** Every entry's answers by question text: what must come back, whatever the ids. */
async function answersByText(supabase: SupabaseClient, userId: string) {
  const questions = await fetchOwnQuestions(supabase);
  const text = new Map(questions.map((q) => [String(q.id), q.question]));
  return (await fetchAllEntries(supabase, userId)).map((e) => ({
    activity: e.activity,
    answers: Object.fromEntries(
      Object.entries(e.answers ?? {}).map(([id, answer]) => [text.get(id), answer]),
    ),
  }));
}

/** Imports a file as the Import panel does: check, plan against the account, make, send. */
async function importFile(supabase: SupabaseClient, file: string) {
  const check = checkImportFile(file);
  expect(check.problems).toEqual([]);
  const own = await fetchOwnQuestions(supabase);
  const plan = planOwnAnswers(check.questions, check.entries, own);
  expect(plan.problems.map(problemText)).toEqual([]);
  const entries = await readyToImport(supabase, check.entries, plan, own);
  return { plan, summary: await importEntries(supabase, entries, () => {}) };
}

async function exports(user: { supabase: SupabaseClient; id: string }) {
  const questions = await fetchOwnQuestions(user.supabase);
  const entries = await fetchAllEntries(user.supabase, user.id);
  return {
    csv: entriesToCsv(entries, questions),
    json: entriesToJson(account, entries, new Date(), null, [], questions),
  };
}

describe('own questions in the export and import', () => {
  it('JSON carries every question and answer into another account exactly', async () => {
    const alice = await journalWithQuestions('own-json-alice');
    const { json } = await exports(alice);
    const alicesAnswers = await answersByText(alice.supabase, alice.id);
    const data = JSON.parse(json) as { version: number; questions: unknown; entries: unknown[] };
    expect(data.version).toBe(2);
    expect(data.questions).toEqual(QUESTIONS);
    expect(data.entries[1]).toMatchObject({
      answers: { 'Hours slept': '0', [LONGEST_QUESTION]: '-5, "=SUM(1)"' },
    });

    const bob = await otherPerson('own-json-bob');
    // Bob already asks one of them, spelled otherwise: it is his that is answered.
    const [his] = await createOwnQuestions(bob.supabase, [
      { ...QUESTIONS[0]!, question: '  HOURS slept ', unit: 'hours' },
    ]);
    const { plan, summary } = await importFile(bob.supabase, json);
    expect(plan.newQuestions.map((q) => q.question)).toEqual([
      'Stress',
      LONGEST_QUESTION,
      '=Coffee?',
    ]);
    expect(summary).toEqual({ added: 3, skipped: 0, conflicts: 0 });
    const bobs = await fetchOwnQuestions(bob.supabase);
    expect(bobs.map(fileQuestionOf)).toEqual([
      { ...QUESTIONS[0]!, question: 'HOURS slept', unit: 'hours' },
      ...QUESTIONS.slice(1),
    ]);
    expect(bobs[0]!.id).toBe(his!.id);
    const expected = alicesAnswers.map((e) => ({
      ...e,
      answers: Object.fromEntries(
        Object.entries(e.answers).map(([t, a]) => [t === 'Hours slept' ? 'HOURS slept' : t, a]),
      ),
    }));
    expect(await answersByText(bob.supabase, bob.id)).toEqual(expected);
    // Importing it again adds nothing, no question either.
    const again = await importFile(bob.supabase, json);
    expect(again.plan.newQuestions).toEqual([]);
    expect(again.summary).toEqual({ added: 0, skipped: 3, conflicts: 0 });
  });

  it('CSV has a column per question, hidden ones too, and its answers come back', async () => {
    const alice = await journalWithQuestions('own-csv-alice');
    const { csv } = await exports(alice);
    const alicesAnswers = await answersByText(alice.supabase, alice.id);
    const [header, first] = csv.split('\r\n');
    expect(header).toBe(
      `date,activity,energy,engagement,flow_state,notes,tags,Hours slept,Stress,"${LONGEST_QUESTION.replaceAll('"', '""')}",'=Coffee?`,
    );
    expect(first).toMatch(/,,7\.5,2,".*",true$/s);
    expect(csv).toContain(`,0,,"'-5, ""=SUM(1)""",\r\n`);

    const bob = await otherPerson('own-csv-bob');
    const { plan, summary } = await importFile(bob.supabase, csv);
    expect(summary).toEqual({ added: 3, skipped: 0, conflicts: 0 });
    // A CSV names no types: a column of yes and no is a yes-or-no question,
    // one of numbers a number, any other a short text; none is hidden.
    expect(plan.newQuestions.map((q) => [q.question, q.answer_type, q.hidden])).toEqual([
      ['Hours slept', 'number', false],
      ['Stress', 'number', false],
      [LONGEST_QUESTION, 'text', false],
      ['=Coffee?', 'yes_no', false],
    ]);
    expect(await answersByText(bob.supabase, bob.id)).toEqual(alicesAnswers);
  });

  it('refuses a value that breaks its question, naming the line, and imports nothing', async () => {
    const alice = await journalWithQuestions('own-bad-alice');
    const { json, csv } = await exports(alice);
    const bob = await otherPerson('own-bad-bob');
    const badJson = json.replace('"Hours slept":"7.5"', '"Hours slept":"24.5"');
    const jsonLine = badJson.split('\n').findIndex((l) => l.includes('24.5')) + 1;
    const badCsv = csv.replace(',7.5,2,', ',7.5,6,');
    for (const [file, expected] of [
      [badJson, `line ${jsonLine}: "Hours slept" must be from 0 to 24, not 24.5`],
      // Bob's "Stress" is a scale now: the CSV's 6 is out of it.
      [badCsv, 'line 2: "Stress" is answered with a whole number from 1 to 5, not "6"'],
    ] as const) {
      if (file === badCsv) {
        await createOwnQuestions(bob.supabase, [QUESTIONS[1]!]);
      }
      const check = checkImportFile(file);
      expect(check.problems).toEqual([]);
      const own = await fetchOwnQuestions(bob.supabase);
      const plan = planOwnAnswers(check.questions, check.entries, own);
      expect(plan.problems.map(problemText)).toEqual([expected]);
    }
    expect(await fetchAllEntries(bob.supabase, bob.id)).toEqual([]);
  });

  it('keeps to 20 questions that are not hidden, with a message that says what to do', async () => {
    const alice = await journalWithQuestions('own-limit-alice');
    const { json } = await exports(alice);
    const carol = await otherPerson('own-limit-carol');
    await createOwnQuestions(
      carol.supabase,
      Array.from({ length: 18 }, (_, i) => ({ ...QUESTIONS[2]!, question: `Mine ${i}` })),
    );
    const check = checkImportFile(json);
    const plan = planOwnAnswers(
      check.questions,
      check.entries,
      await fetchOwnQuestions(carol.supabase),
    );
    const questionsLine =
      json.split('\n').findIndex((l) => l.includes('"Hours slept","answer_type"')) + 1;
    expect(plan.problems.map(problemText)).toEqual([
      `line ${questionsLine}: the file adds 3 questions that are not hidden to the 18 you have; ` +
        'you can have at most 20. Hide some under Your questions and import again',
    ]);
    // The database keeps the same limit, whatever a client sends.
    await expect(
      createOwnQuestions(
        carol.supabase,
        QUESTIONS.filter((q) => !q.hidden),
      ),
    ).rejects.toMatchObject({
      message: 'You can have at most 20 questions that are not hidden',
    });
    expect(await fetchOwnQuestions(carol.supabase)).toHaveLength(18);
  });
});
