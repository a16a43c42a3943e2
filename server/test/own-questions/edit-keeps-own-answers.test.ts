import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { answersAt, minutesAgo, questionId, saveEntry } from './own-question-helpers.ts';

// Editing an entry (update_entry, docs/decisions/019) carries its answers
// to the person's own questions (docs/decisions/084): not naming `answers`
// keeps them, naming them replaces them, and a wrong one refuses the edit.

const server = await serverForFile();
const alice = await signedInClient(server, 'edit-own-alice');
const bob = await signedInClient(server, 'edit-own-bob');
const sleep = await questionId(alice.client, {
  question: 'Hours slept',
  answer_type: 'number',
  lowest: 0,
  highest: 24,
  asked: 'day',
});
const coffee = await questionId(alice.client, { question: 'Coffee', answer_type: 'yes_no' });
const mood = await questionId(alice.client, { question: 'Mood 🙂', answer_type: 'text' });

const edit = (entryTime: string, extra: Record<string, unknown> = {}) =>
  alice.client.rpc('update_entry', {
    entry_time: entryTime,
    activity: 'Walk, edited',
    energy: 70,
    engagement: 60,
    flow_state: false,
    ...extra,
  });

describe('update_entry and own answers', () => {
  it('keeps the own answers when answers is not named, as an older app calls it', async () => {
    const at = minutesAgo(100);
    expect((await saveEntry(alice, at, { [sleep]: '7.5', [coffee]: 'true' })).error).toBeNull();
    const edited = await edit(at);
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject({
      activity: 'Walk, edited',
      answers: { [sleep]: '7.5', [coffee]: 'true' },
    });
    expect(await answersAt(alice.client, at)).toEqual({ [sleep]: '7.5', [coffee]: 'true' });
    // Also when the edit moves the entry to another time.
    const later = minutesAgo(90);
    const moved = await edit(at, { new_time: later });
    expect(moved.error).toBeNull();
    expect(await answersAt(alice.client, later)).toEqual({ [sleep]: '7.5', [coffee]: 'true' });
    expect(await answersAt(alice.client, at)).toBeNull();
  });

  it('replaces them when given, and an empty object removes them', async () => {
    const at = minutesAgo(200);
    expect((await saveEntry(alice, at, { [sleep]: '6', [coffee]: 'false' })).error).toBeNull();
    const replaced = await edit(at, { answers: { [sleep]: '8.25', [mood]: 'calm, "fine" 🙂' } });
    expect(replaced.error).toBeNull();
    expect(replaced.data.answers).toEqual({ [sleep]: '8.25', [mood]: 'calm, "fine" 🙂' });
    expect(await answersAt(alice.client, at)).toEqual({
      [sleep]: '8.25',
      [mood]: 'calm, "fine" 🙂',
    });
    // A null or blank answer is no answer.
    expect((await edit(at, { answers: { [sleep]: null, [mood]: ' ' } })).data.answers).toEqual({});
    expect((await edit(at, { answers: { [coffee]: 'true' } })).error).toBeNull();
    expect((await edit(at, { answers: {} })).error).toBeNull();
    expect(await answersAt(alice.client, at)).toEqual({});
  });

  it('refuses an answer out of bounds with a 400, leaving the old entry whole', async () => {
    const at = minutesAgo(300);
    expect((await saveEntry(alice, at, { [sleep]: '7', [coffee]: 'true' })).error).toBeNull();
    const refused = await edit(at, { answers: { [sleep]: '25', [coffee]: 'false' } });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: '22023',
      message: '"Hours slept" must be from 0 to 24',
    });
    const notYesNo = await edit(at, { answers: { [coffee]: 'maybe' } });
    expect(notYesNo.status).toBe(400);
    expect(notYesNo.error?.message).toBe('"Coffee" is answered yes or no');
    const { data } = await alice.client
      .from('activities')
      .select('activity, energy, answers')
      .eq('created_at', at)
      .single();
    expect(data).toEqual({
      activity: 'Walk',
      energy: 50,
      answers: { [sleep]: '7', [coffee]: 'true' },
    });
  });

  it('refuses another person’s question and a missing one in the same words', async () => {
    const at = minutesAgo(400);
    expect((await saveEntry(alice, at, { [sleep]: '5' })).error).toBeNull();
    const bobs = await questionId(bob.client, { question: 'Bob’s', answer_type: 'text' });
    for (const id of [bobs, 9_000_000_000]) {
      const refused = await edit(at, { answers: { [id]: 'x' } });
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({
        code: '22023',
        message: 'An answer names a question that is not one of yours',
      });
    }
    for (const answers of [[], 'x', { abc: 'x' }, { [sleep]: 7 }]) {
      const wrong = await edit(at, { answers });
      expect(wrong.status).toBe(400);
      expect(wrong.error?.message).toBe(
        'answers must be an object of question ids to answer texts',
      );
    }
    expect(await answersAt(alice.client, at)).toEqual({ [sleep]: '5' });
  });

  it('comes back whole when the app undoes a delete by inserting the rows it deleted', async () => {
    const at = minutesAgo(500);
    expect(
      (await saveEntry(alice, at, { [sleep]: '9', [coffee]: 'false', [mood]: 'ok\u2028fine' }))
        .error,
    ).toBeNull();
    // What Look Back sends (features/history/api/edit-entry.ts).
    const removed = await alice.client
      .from('user_answers')
      .delete()
      .eq('created_at', at)
      .select('user_id, question_id, answer, created_at, entry_key');
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(7);
    expect(await answersAt(alice.client, at)).toBeNull();
    const restored = await alice.client.from('user_answers').insert(removed.data!);
    expect(restored.error).toBeNull();
    expect(await answersAt(alice.client, at)).toEqual({
      [sleep]: '9',
      [coffee]: 'false',
      [mood]: 'ok\u2028fine',
    });
  });
});

describe('the bounds of a number question', () => {
  it('cannot shut out an answer already given, which every later edit would then refuse', async () => {
    const at = minutesAgo(600);
    const steps = await questionId(alice.client, {
      question: 'Steps (thousands)',
      answer_type: 'number',
      lowest: 0,
      highest: 50,
    });
    expect((await saveEntry(alice, at, { [steps]: '30' })).error).toBeNull();
    const narrowed = await alice.client
      .from('questions')
      .update({ highest: 20 })
      .eq('id', steps)
      .select('highest');
    expect(narrowed.status).toBe(400);
    expect(narrowed.error).toMatchObject({
      code: '22023',
      message: 'Lowest and Highest must include the answers already given',
      details: '1 answers are outside them.',
      hint: 'Widen the bounds, or hide this question and add a new one.',
    });
    const widened = await alice.client
      .from('questions')
      .update({ lowest: 10, highest: 100 })
      .eq('id', steps)
      .select('lowest, highest');
    expect(widened.data).toEqual([{ lowest: 10, highest: 100 }]);
    expect((await edit(at)).error).toBeNull();
    expect(await answersAt(alice.client, at)).toEqual({ [steps]: '30' });
  });
});
