import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import {
  addQuestion as addQuestionFor,
  answersAt,
  minutesAgo,
  saveEntry,
} from './own-question-helpers.ts';

// Own questions in the spec's model (docs/decisions/084): rows of
// questions owned by one person, answered in user_answers beside an entry's
// answers, checked by the database and derived onto the entry's typed row.

const server = await serverForFile();
const alice = await signedInClient(server, 'own-q-alice');
const bob = await signedInClient(server, 'own-q-bob');

const addQuestion = (user: SignedInUser, fields: Record<string, unknown>) =>
  addQuestionFor(user.client, fields);

let minutes = 0;
/** An entry with these own answers, each a minute before the one saved before it. */
const save = (user: SignedInUser, own: Record<number, string>) =>
  saveEntry(user, minutesAgo(++minutes), own);

describe('own questions', () => {
  it('are made tidy, typed and the owner’s alone', async () => {
    const made = await addQuestion(alice, {
      question: '  Hours slept ',
      answer_type: 'number',
      unit: 'h',
      lowest: 0,
      highest: 24,
      asked: 'day',
      label_1: 'dropped',
    });
    expect(made.error).toBeNull();
    expect(made.data).toMatchObject({
      question: 'Hours slept',
      answer_type: 'number',
      unit: 'h',
      lowest: 0,
      highest: 24,
      label_1: null,
      asked: 'day',
      active: true,
    });
    const seen = await bob.client.from('questions').select('id').eq('id', made.data!.id);
    expect(seen.data).toEqual([]);
    const changed = await bob.client
      .from('questions')
      .update({ question: 'Mine now' })
      .eq('id', made.data!.id)
      .select('id');
    expect(changed.data).toEqual([]);
  });

  it('refuses a repeated text ignoring case and spaces, with 409', async () => {
    await addQuestion(alice, { question: 'Caffeine', answer_type: 'yes_no' });
    const again = await addQuestion(alice, { question: ' caffeine ', answer_type: 'yes_no' });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      code: '23505',
      message: 'You already have the question "caffeine"',
    });
    const other = await addQuestion(bob, { question: 'Caffeine', answer_type: 'yes_no' });
    expect(other.error).toBeNull();
  });

  it('saves answers with the entry and refuses a number out of bounds, saving nothing', async () => {
    const sleep = await addQuestion(alice, {
      question: 'Sleep quality',
      answer_type: 'number',
      lowest: 1,
      highest: 10,
    });
    const id = sleep.data!.id as number;
    const refusedAt = minutesAgo(++minutes);
    const refused = await saveEntry(alice, refusedAt, { [id]: '11' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: '22023',
      message: '"Sleep quality" must be from 1 to 10',
    });
    expect(await answersAt(alice.client, refusedAt)).toBeNull();
    const savedAt = minutesAgo(++minutes);
    expect((await saveEntry(alice, savedAt, { [id]: '7.5' })).error).toBeNull();
    expect(await answersAt(alice.client, savedAt)).toEqual({ [String(id)]: '7.5' });
  });

  it('refuses an answer to another person’s question as not one of yours', async () => {
    const bobs = await addQuestion(bob, { question: 'Bob only', answer_type: 'scale' });
    const refused = await save(alice, { [bobs.data!.id as number]: '3' });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('An answer names a question that is not one of yours');
  });

  it('keeps the type once answered and at most 20 shown', async () => {
    const q = await addQuestion(alice, { question: 'Stress', answer_type: 'scale' });
    expect((await save(alice, { [q.data!.id as number]: '4' })).error).toBeNull();
    const retyped = await alice.client
      .from('questions')
      .update({ answer_type: 'text' })
      .eq('id', q.data!.id);
    expect(retyped.status).toBe(400);
    expect(retyped.error?.message).toBe(
      'The answer type cannot change once the question has answers',
    );
    const { count } = await alice.client
      .from('questions')
      .select('id', { count: 'exact', head: true })
      .not('owner_id', 'is', null)
      .eq('active', true);
    for (let i = count!; i < 20; i++) {
      expect(
        (await addQuestion(alice, { question: `Q${i}`, answer_type: 'text' })).error,
      ).toBeNull();
    }
    const over = await addQuestion(alice, { question: 'One too many', answer_type: 'text' });
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe('You can have at most 20 questions that are not hidden');
    await alice.client.from('questions').update({ active: false }).eq('id', q.data!.id);
    expect(
      (await addQuestion(alice, { question: 'One too many', answer_type: 'text' })).error,
    ).toBeNull();
  });
});
