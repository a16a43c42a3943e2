import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { journalQuestions, restFetch, saveActivity } from './fixtures.ts';

// Row-level security is the only authorization (docs/architecture.md 4): every attempt
// below goes through the same endpoints the app uses and must come back
// refused or empty, and the owner's data must be untouched afterwards.

let questionId: number;

interface Outcome {
  status: number;
  error: { code: string } | null;
  data: unknown;
  count?: number | null;
}

type Expectation =
  | { refused: number; code: string }
  | { empty: true }
  /** A request PostgREST accepts (DELETE, HEAD count) that RLS narrows to zero rows. */
  | { reaches: 0 };

interface Attempt {
  name: string;
  run: () => PromiseLike<Outcome>;
  expect: Expectation;
}

const server = await serverForFile();
const owner = await signedInClient(server, 'owner');
const intruder = await signedInClient(server, 'intruder');
const anon = server.client();
beforeAll(async () => {
  await saveActivity(owner.client, owner.userId, {
    activity: 'Private diary',
    energy: 40,
    engagement: 60,
    flowState: true,
    notes: 'secret',
  });
  questionId = (await journalQuestions(owner.client)).get('Activity Description')!;
  const reminders = await owner.client
    .from('reminder_settings')
    .insert({ time_zone: 'Europe/Berlin', times: ['08:00'], email: true });
  if (reminders.error) throw new Error(reminders.error.message);
});

function attempts(): Attempt[] {
  const stolenRow = () => ({ user_id: owner.userId, question_id: questionId, answer: 'forged' });
  const as = intruder.client;
  return [
    {
      name: 'intruder reads user_answers',
      run: () => as.from('user_answers').select('*'),
      expect: { empty: true },
    },
    {
      name: "intruder reads user_answers filtered by the owner's id",
      run: () => as.from('user_answers').select('*').eq('user_id', owner.userId),
      expect: { empty: true },
    },
    {
      name: 'intruder reads activities',
      run: () => as.from('activities').select('*'),
      expect: { empty: true },
    },
    {
      name: "intruder reads activities filtered by the owner's id",
      run: () => as.from('activities').select('*').eq('user_id', owner.userId),
      expect: { empty: true },
    },
    {
      name: "intruder counts the owner's answers with HEAD",
      run: () =>
        as
          .from('user_answers')
          .select('*', { count: 'exact', head: true })
          .eq('user_id', owner.userId),
      expect: { reaches: 0 },
    },
    {
      name: "intruder inserts a row with the owner's user_id",
      run: () => as.from('user_answers').insert(stolenRow()),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: "intruder bulk-inserts rows with the owner's user_id, returning them",
      run: () => as.from('user_answers').insert([stolenRow(), stolenRow()]).select(),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: "intruder updates the owner's rows",
      run: () => as.from('user_answers').update({ answer: 'defaced' }).eq('user_id', owner.userId),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: 'intruder updates every row',
      run: () => as.from('user_answers').update({ user_id: intruder.userId }).neq('id', 0),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: "intruder deletes the owner's rows",
      run: () => as.from('user_answers').delete({ count: 'exact' }).eq('user_id', owner.userId),
      expect: { reaches: 0 },
    },
    {
      name: 'intruder deletes every row it can reach',
      run: () => as.from('user_answers').delete({ count: 'exact' }).gte('id', 0),
      expect: { reaches: 0 },
    },
    {
      name: 'intruder reads reminder_settings',
      run: () => as.from('reminder_settings').select('*'),
      expect: { empty: true },
    },
    {
      name: "intruder reads reminder_settings filtered by the owner's id",
      run: () => as.from('reminder_settings').select('*').eq('user_id', owner.userId),
      expect: { empty: true },
    },
    {
      name: "intruder inserts reminder settings with the owner's user_id",
      run: () => as.from('reminder_settings').insert({ user_id: owner.userId, time_zone: 'UTC' }),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: "intruder turns off the owner's e-mail reminders",
      run: () =>
        as
          .from('reminder_settings')
          .update({ email: false }, { count: 'exact' })
          .eq('user_id', owner.userId),
      expect: { reaches: 0 },
    },
    {
      name: "intruder moves the owner's reminder settings to itself",
      run: () =>
        as.from('reminder_settings').update({ user_id: intruder.userId }).eq('email', true),
      expect: { refused: 403, code: '42501' },
    },
    {
      name: "intruder deletes the owner's reminder settings",
      run: () =>
        as.from('reminder_settings').delete({ count: 'exact' }).eq('user_id', owner.userId),
      expect: { reaches: 0 },
    },
    {
      name: 'anon reads reminder_settings',
      run: () => anon.from('reminder_settings').select('*'),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon inserts reminder settings',
      run: () => anon.from('reminder_settings').insert({ user_id: owner.userId, time_zone: 'UTC' }),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon reads pages',
      run: () => anon.from('pages').select('*'),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon reads questions',
      run: () => anon.from('questions').select('*'),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon reads user_answers',
      run: () => anon.from('user_answers').select('*').eq('user_id', owner.userId),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon reads activities',
      run: () => anon.from('activities').select('*'),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon inserts an answer',
      run: () => anon.from('user_answers').insert(stolenRow()),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon deletes answers',
      run: () => anon.from('user_answers').delete().eq('user_id', owner.userId),
      expect: { refused: 401, code: '42501' },
    },
    {
      name: 'anon updates answers',
      run: () =>
        anon.from('user_answers').update({ answer: 'defaced' }).eq('user_id', owner.userId),
      expect: { refused: 401, code: '42501' },
    },
  ];
}

describe('row-level security', () => {
  it('refuses or empties every attempt on another user’s data', async () => {
    for (const attempt of attempts()) {
      const outcome = await attempt.run();
      const seen = { attempt: attempt.name, status: outcome.status, code: outcome.error?.code };
      if ('refused' in attempt.expect) {
        expect(seen).toEqual({
          attempt: attempt.name,
          status: attempt.expect.refused,
          code: attempt.expect.code,
        });
        expect(outcome.data).toBeNull();
      } else if ('empty' in attempt.expect) {
        expect(seen).toEqual({ attempt: attempt.name, status: 200, code: undefined });
        expect(outcome.data).toEqual([]);
      } else {
        expect({ ...seen, count: outcome.count }).toMatchObject({
          attempt: attempt.name,
          code: undefined,
          count: 0,
        });
        expect([200, 204]).toContain(outcome.status);
      }
    }
  });

  it('leaves the owner’s data intact, as the owner sees it', async () => {
    const answers = await owner.client
      .from('user_answers')
      .select('user_id, answer')
      .eq('user_id', owner.userId);
    expect(answers.error).toBeNull();
    expect((answers.data as Array<{ answer: string }>).map((a) => a.answer).sort()).toEqual(
      ['40', '60', 'Private diary', 'secret', 'true'].sort(),
    );
    const activities = await owner.client.from('activities').select('activity, notes');
    expect(activities.data).toEqual([{ activity: 'Private diary', notes: 'secret' }]);
    const reminders = await owner.client.from('reminder_settings').select('user_id, email, times');
    expect(reminders.data).toEqual([{ user_id: owner.userId, email: true, times: ['08:00'] }]);
    // And nothing forged landed anywhere, not even under the intruder's own id.
    const { count } = await server.database.db
      .query<{ count: number }>(
        "SELECT count(*)::int AS count FROM public.user_answers WHERE answer IN ('forged', 'defaced')",
      )
      .then((r) => ({ count: r.rows[0]!.count }));
    expect(count).toBe(0);
  });

  it('lets a user write only rows that carry their own id', async () => {
    const own = await intruder.client
      .from('user_answers')
      .insert({ user_id: intruder.userId, question_id: questionId, answer: 'mine' })
      .select('user_id, answer')
      .single();
    expect(own).toMatchObject({ status: 201, data: { user_id: intruder.userId, answer: 'mine' } });
    // The owner still sees only their own five rows.
    const res = await restFetch(server, '/user_answers?select=id', {
      token: owner.accessToken,
      headers: { Prefer: 'count=exact' },
    });
    expect(res.headers.get('content-range')).toBe('0-4/5');
  });

  it('refuses a token forged to claim the owner’s identity', async () => {
    const [header, , signature] = intruder.accessToken.split('.');
    const claims = JSON.parse(
      Buffer.from(intruder.accessToken.split('.')[1]!, 'base64url').toString(),
    );
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: owner.userId })).toString(
      'base64url',
    );
    const res = await restFetch(server, '/user_answers?select=*', {
      token: `${header}.${payload}.${signature}`,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'PGRST301' });
  });
});
