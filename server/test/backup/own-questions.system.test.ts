import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountRows,
  PASSWORD,
  rowsAfterRestore,
  saveEntry,
  signUp,
  type AccountRows,
} from './accounts.ts';
import {
  RESTORE_TEST_TIMEOUT_MS,
  newTarget,
  runCommand,
  startServer,
  type Target,
} from './targets.ts';

// A person's own questions and their answers (docs/decisions/084) go through
// `npm run backup` and `npm run restore` into an empty server: every
// question with its type, bounds, labels and hidden flag, every answer on its
// entry. Two people asking the same question each get their own back.

/** 100 characters as the database counts them, with what breaks lines and CSV cells. */
const LONGEST_QUESTION = ('Q\u2028🙂,"' + 'x'.repeat(15)).repeat(5);
/** 200 characters, the longest short-text answer. */
const LONGEST_ANSWER = ('a\u2029😀,"\u2028' + 'y'.repeat(34)).repeat(5);

let folder: string;
let source: Target;
let restored: Target;
let rowsBefore: AccountRows;
const people: Array<{ email: string; userId: string }> = [];

beforeAll(async () => {
  expect([...LONGEST_QUESTION]).toHaveLength(100);
  expect([...LONGEST_ANSWER]).toHaveLength(200);
  folder = await mkdtemp(join(tmpdir(), 'et-backup-own-'));
  source = await newTarget();
  restored = await newTarget();
  const server = await startServer(source);
  try {
    for (const [label, sleep] of [
      ['own-a', '7.5'],
      ['own-b', '-3.25'],
    ] as const) {
      const client = server.client();
      const person = await signUp(client, label);
      people.push(person);
      const made = await client
        .from('questions')
        .insert([
          {
            question: 'Hours slept',
            answer_type: 'number',
            unit: 'h',
            lowest: -5,
            highest: 24,
            asked: 'day',
          },
          {
            question: 'Stress',
            answer_type: 'scale',
            label_1: 'calm',
            label_5: 'frantic',
            asked: 'entry',
          },
          { question: LONGEST_QUESTION, answer_type: 'text', asked: 'entry' },
          { question: 'Coffee', answer_type: 'yes_no', asked: 'entry' },
        ])
        .select('id, question');
      if (made.error) throw made.error;
      const id = new Map(made.data.map((q) => [q.question as string, q.id as number]));
      await saveEntry(client, person.userId, {
        activity: `Walk ${label}`,
        energy: 60,
        engagement: 70,
        flow: false,
      });
      // Own answers ride in the entry's one insert; saveEntry answers the built-in ones.
      const at = new Date(Date.now() - 60_000).toISOString();
      const { data: builtin } = await client
        .from('questions')
        .select('id, question')
        .is('owner_id', null);
      const journal = new Map(builtin!.map((q) => [q.question as string, q.id as number]));
      const rows = [
        [journal.get('Activity Description')!, 'Read'],
        [journal.get('Energy Level')!, '40'],
        [journal.get('Engagement Level')!, '80'],
        [id.get('Hours slept')!, sleep],
        [id.get('Stress')!, '2'],
        [id.get(LONGEST_QUESTION)!, LONGEST_ANSWER],
        [id.get('Coffee')!, 'true'],
      ].map(([question_id, answer]) => ({
        user_id: person.userId,
        question_id,
        answer,
        created_at: at,
      }));
      const saved = await client.from('user_answers').insert(rows);
      if (saved.error) throw saved.error;
      // A hidden question keeps its answers and comes back hidden.
      const hidden = await client
        .from('questions')
        .update({ active: false })
        .eq('id', id.get('Coffee')!);
      if (hidden.error) throw hidden.error;
    }
    rowsBefore = await accountRows(server.db);
  } finally {
    await server.stop();
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.remove(), restored?.remove()]);
  await rm(folder, { recursive: true, force: true });
});

describe('own questions in a backup', { timeout: RESTORE_TEST_TIMEOUT_MS }, () => {
  it('come back with their answers, each person’s own, into an empty server', async () => {
    expect(rowsBefore.questions).toHaveLength(8);
    const file = join(folder, 'own.backup.jsonl');
    const backup = await runCommand('backup', [file], source.env);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(await rowsAfterRestore(file, restored)).toEqual(rowsBefore);

    // Each person reads their entry's answers by their restored questions.
    const server = await startServer(restored);
    try {
      for (const [person, sleep] of [
        [people[0]!, '7.5'],
        [people[1]!, '-3.25'],
      ] as const) {
        const client = server.client();
        const signedIn = await client.auth.signInWithPassword({
          email: person.email,
          password: PASSWORD,
        });
        expect(signedIn.error).toBeNull();
        const questions = await client
          .from('questions')
          .select('id, question, active')
          .not('owner_id', 'is', null)
          .order('question');
        expect(questions.data!.map((q) => [q.question, q.active])).toEqual([
          ['Coffee', false],
          ['Hours slept', true],
          [LONGEST_QUESTION, true],
          ['Stress', true],
        ]);
        const id = new Map(questions.data!.map((q) => [q.question as string, String(q.id)]));
        const entry = await client
          .from('activities')
          .select('activity, answers')
          .eq('activity', 'Read')
          .single();
        expect(entry.data).toEqual({
          activity: 'Read',
          answers: {
            [id.get('Hours slept')!]: sleep,
            [id.get('Stress')!]: '2',
            [id.get(LONGEST_QUESTION)!]: LONGEST_ANSWER,
            [id.get('Coffee')!]: 'true',
          },
        });
      }
    } finally {
      await server.stop();
    }
  });
});
