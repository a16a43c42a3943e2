import { describe, expect, it } from 'vitest';
import { currentStep, totpCode } from '../../src/auth/accounts/totp.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { addQuestion, minutesAgo, questionId, saveEntry } from './own-question-helpers.ts';

// Row-level security is the authorization (docs/decisions/002): a person's
// own questions and their answers (docs/decisions/084) are theirs alone, and
// only from a session that used two-step sign-in when they turned it on
// (docs/decisions/032). Each refusal as a client sees it.

const PASSWORD = 'signed-in-test-password';

const server = await serverForFile();
const alice = await signedInClient(server, 'own-rls-alice');
const mallory = await signedInClient(server, 'own-rls-mallory');
const secret = await questionId(alice.client, {
  question: 'Therapy today',
  answer_type: 'yes_no',
  asked: 'day',
});
const at = minutesAgo(30);
expect((await saveEntry(alice, at, { [secret]: 'true' })).error).toBeNull();

describe('another person', () => {
  it('cannot read someone’s questions, by id or among all they can see', async () => {
    const byId = await mallory.client.from('questions').select('id').eq('id', secret);
    expect(byId).toMatchObject({ status: 200, error: null, data: [] });
    const all = await mallory.client.from('questions').select('question, owner_id');
    expect(all.error).toBeNull();
    expect(all.data!.map((q) => q.question)).not.toContain('Therapy today');
    expect(all.data!.every((q) => q.owner_id === null)).toBe(true);
  });

  it('cannot change or hide them: no row matches', async () => {
    for (const change of [{ question: 'Taken over' }, { active: false }]) {
      const updated = await mallory.client
        .from('questions')
        .update(change)
        .eq('id', secret)
        .select('id');
      expect(updated).toMatchObject({ status: 200, error: null, data: [] });
    }
    const deleted = await mallory.client.from('questions').delete().eq('id', secret);
    expect(deleted.status).toBe(403);
    expect(deleted.error?.code).toBe('42501');
    const own = await alice.client.from('questions').select('question, active').eq('id', secret);
    expect(own.data).toEqual([{ question: 'Therapy today', active: true }]);
  });

  it('cannot add a question owned by someone else', async () => {
    const forged = await addQuestion(mallory.client, {
      question: 'Planted',
      answer_type: 'text',
      owner_id: alice.userId,
    });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'permission denied for table questions',
    });
    const mine = await alice.client.from('questions').select('id').eq('question', 'Planted');
    expect(mine.data).toEqual([]);
  });

  it('cannot answer someone’s question', async () => {
    const refused = await saveEntry(mallory, minutesAgo(40), { [secret]: 'false' });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: '22023',
      message: 'An answer names a question that is not one of yours',
    });
    const edited = await mallory.client.rpc('update_entry', {
      entry_time: at,
      activity: 'x',
      energy: 1,
      engagement: 1,
      flow_state: false,
      answers: { [secret]: 'false' },
    });
    expect(edited.status).toBe(400);
    expect(edited.error?.message).toBe('An answer names a question that is not one of yours');
    const imported = await mallory.client.rpc('import_entries', {
      entries: [
        {
          created_at: minutesAgo(50),
          activity: 'x',
          energy: 1,
          engagement: 1,
          flow_state: false,
          answers: { [secret]: 'false' },
        },
      ],
    });
    expect(imported.status).toBe(400);
    expect(imported.error?.message).toBe('An answer names a question that is not one of yours');
  });

  it('cannot see someone’s answers through user_answers or activities', async () => {
    const answers = await mallory.client
      .from('user_answers')
      .select('answer')
      .eq('question_id', secret);
    expect(answers).toMatchObject({ status: 200, error: null, data: [] });
    const entries = await mallory.client
      .from('activities')
      .select('answers')
      .eq('user_id', alice.userId);
    expect(entries).toMatchObject({ status: 200, error: null, data: [] });
    const own = await alice.client.from('activities').select('answers').eq('created_at', at);
    expect(own.data).toEqual([{ answers: { [secret]: 'true' } }]);
  });
});

describe('a person with two-step sign-in', () => {
  it('sees and changes none of their own questions from a password-only session', async () => {
    const owner = await signedInClient(server, 'own-rls-two-step');
    const guarded = await questionId(owner.client, {
      question: 'Panic attacks',
      answer_type: 'yes_no',
    });
    const enrolled = await owner.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const verified = await owner.client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(totp.secret, currentStep()),
    });
    expect(verified.error).toBeNull();

    const thief = server.client();
    const signedIn = await thief.auth.signInWithPassword({
      email: owner.email,
      password: PASSWORD,
    });
    expect(signedIn.error).toBeNull();
    const level = await thief.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const seen = await thief.from('questions').select('id, owner_id');
    expect(seen.error).toBeNull();
    expect(seen.data!.filter((q) => q.owner_id !== null)).toEqual([]);
    const hidden = await thief
      .from('questions')
      .update({ active: false })
      .eq('id', guarded)
      .select('id');
    expect(hidden).toMatchObject({ status: 200, error: null, data: [] });
    const added = await addQuestion(thief, { question: 'Added by a thief', answer_type: 'text' });
    expect(added.status).toBe(403);
    expect(added.error).toMatchObject({
      code: '42501',
      message:
        'new row violates row-level security policy "questions_own_second_factor" for table "questions"',
    });
    // The session that used the code still sees the question, unchanged.
    const own = await owner.client.from('questions').select('question, active').eq('id', guarded);
    expect(own.data).toEqual([{ question: 'Panic attacks', active: true }]);
  });
});

describe('deleting an account', () => {
  it('removes the person’s questions with them (the cascade on the owner)', async () => {
    const leaving = await signedInClient(server, 'own-rls-leaving');
    const sleep = await questionId(leaving.client, {
      question: 'Hours slept',
      answer_type: 'number',
    });
    const hiddenOne = await questionId(leaving.client, {
      question: 'Old one',
      answer_type: 'text',
    });
    expect(
      (await leaving.client.from('questions').update({ active: false }).eq('id', hiddenOne)).error,
    ).toBeNull();
    expect(
      (await saveEntry(leaving, minutesAgo(5), { [sleep]: '7', [hiddenOne]: 'x' })).error,
    ).toBeNull();
    const { error, status } = await leaving.client.rpc('delete_my_account');
    expect(error).toBeNull();
    expect(status).toBe(204);
    const left = await server.database.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM public.questions WHERE owner_id = $1)::integer
            + (SELECT count(*) FROM public.questions WHERE id = ANY ($2::bigint[]))::integer
            + (SELECT count(*) FROM public.user_answers WHERE user_id = $1)::integer AS n`,
      [leaving.userId, [sleep, hiddenOne]],
    );
    expect(left.rows[0]?.n).toBe(0);
    // Everyone else's questions stay.
    const others = await alice.client.from('questions').select('id').eq('id', secret);
    expect(others.data).toEqual([{ id: secret }]);
  });
});
