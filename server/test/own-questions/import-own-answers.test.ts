import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { answersAt, minutesAgo, questionId } from './own-question-helpers.ts';

// import_entries (docs/decisions/021) takes each entry's answers to the
// caller's own questions (docs/decisions/084) and writes them with the
// entry, in the one statement of the batch: a wrong answer anywhere writes
// nothing of it.

const server = await serverForFile();
const alice = await signedInClient(server, 'import-own-alice');
const sleep = await questionId(alice.client, {
  question: 'Hours slept',
  answer_type: 'number',
  lowest: 0,
  highest: 24,
});
const stress = await questionId(alice.client, { question: 'Stress', answer_type: 'scale' });
const word = await questionId(alice.client, { question: 'One word', answer_type: 'text' });

const entry = (createdAt: string, answers?: unknown) => ({
  created_at: createdAt,
  activity: 'Imported',
  energy: 40,
  engagement: 50,
  flow_state: false,
  ...(answers === undefined ? {} : { answers }),
});

describe('import_entries with own answers', () => {
  it('writes the answers with their entries, tidied as stored ones are', async () => {
    const [a, b, c] = [minutesAgo(1000), minutesAgo(1001), minutesAgo(1002)];
    const longest = '😀'.repeat(100) + '\u2028,"'.repeat(33) + 'x';
    const { data, error } = await alice.client.rpc('import_entries', {
      entries: [
        entry(a, { [sleep]: ' 7.50 ', [stress]: '4', [word]: longest }),
        entry(b, { [sleep]: null, [word]: ' ' }),
        entry(c),
      ],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ added: 3, skipped: 0, conflicts: 0 });
    expect(await answersAt(alice.client, a)).toEqual({
      [sleep]: '7.50',
      [stress]: '4',
      [word]: longest,
    });
    expect(await answersAt(alice.client, b)).toEqual({});
    expect(await answersAt(alice.client, c)).toEqual({});
    // Importing the same file again adds nothing, answers included.
    const again = await alice.client.rpc('import_entries', {
      entries: [entry(a, { [sleep]: '8' })],
    });
    expect(again.data).toEqual({ added: 0, skipped: 1, conflicts: 0 });
    expect((await answersAt(alice.client, a))?.[sleep]).toBe('7.50');
  });

  it('refuses an answer that breaks its question, writing nothing of the batch', async () => {
    const [good, bad] = [minutesAgo(2000), minutesAgo(2001)];
    for (const [answers, message] of [
      [{ [sleep]: '24.5' }, '"Hours slept" must be from 0 to 24'],
      [{ [stress]: '6' }, '"Stress" is answered with a whole number from 1 to 5'],
      [{ [word]: 'x'.repeat(201) }, 'The answer to "One word" must be 1 to 200 characters'],
    ] as const) {
      const { error, status } = await alice.client.rpc('import_entries', {
        entries: [entry(good, { [sleep]: '8' }), entry(bad, answers)],
      });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: '22023', message });
      expect(await answersAt(alice.client, good)).toBeNull();
    }
  });

  it('names the entry whose answers are not an object of texts', async () => {
    for (const answers of [[], 'x', { abc: 'x' }, { [sleep]: 7 }]) {
      const { error, status } = await alice.client.rpc('import_entries', {
        entries: [entry(minutesAgo(3000)), entry(minutesAgo(3001), answers)],
      });
      expect(status).toBe(400);
      expect(error?.message).toBe(
        'Entry 2 answers must be an object of question ids to answer texts, or null',
      );
    }
  });
});
