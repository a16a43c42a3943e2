import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { journalQuestions, restFetch } from './fixtures.ts';

// The typed entries (docs/decisions/013): derived from user_answers in the
// same transaction, readable only by their owner, and an entry's time is the
// owner's to choose but never in the future.

const server = await serverForFile();
const alice = await signedInClient(server, 'alice');
const bob = await signedInClient(server, 'bob');
const ids = await journalQuestions(alice.client);

interface EntryInput {
  activity: string;
  energy?: string;
  engagement?: string;
  flow?: string;
  notes?: string;
  createdAt?: string;
}

function answerRows(user: SignedInUser, entry: EntryInput) {
  const answers: Array<[string, string | undefined]> = [
    ['Activity Description', entry.activity],
    ['Energy Level', entry.energy ?? '50'],
    ['Engagement Level', entry.engagement ?? '50'],
    ['Flow State', entry.flow],
    ['Activity Notes', entry.notes],
  ];
  return answers
    .filter(([, answer]) => answer !== undefined)
    .map(([question, answer]) => ({
      user_id: user.userId,
      question_id: ids.get(question),
      answer,
      ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
    }));
}

const save = (user: SignedInUser, entry: EntryInput) =>
  user.client.from('user_answers').insert(answerRows(user, entry));

describe('activity_entries', () => {
  it('holds one typed row per valid entry, with the grouping key of its name', async () => {
    const user = await signedInClient(server, 'typed');
    expect(
      (await save(user, { activity: '  Deep   Work ', energy: '72.6', flow: 'true' })).error,
    ).toBeNull();
    // Not an entry: energy is not a number, so the history never showed it.
    expect((await save(user, { activity: 'Broken', energy: 'lots' })).error).toBeNull();

    const { data, error } = await user.client
      .from('activity_entries')
      .select('activity, activity_key, energy, engagement, flow_state, notes');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        activity: '  Deep   Work ',
        activity_key: 'deep work',
        energy: 73,
        engagement: 50,
        flow_state: true,
        notes: null,
      },
    ]);
  });

  it('follows deletes of the answers, and nobody can write it directly', async () => {
    const user = await signedInClient(server, 'deleting');
    const createdAt = '2026-03-04T05:06:07.123456+00:00';
    expect((await save(user, { activity: 'Chores', createdAt })).error).toBeNull();
    expect((await user.client.from('activity_entries').select('created_at')).data).toEqual([
      { created_at: createdAt },
    ]);

    const removed = await user.client.from('user_answers').delete().eq('created_at', createdAt);
    expect(removed.error).toBeNull();
    expect((await user.client.from('activity_entries').select('created_at')).data).toEqual([]);

    const direct = await user.client
      .from('activity_entries')
      .insert({ user_id: user.userId, created_at: createdAt, activity: 'Forged' });
    expect(direct.error?.code).toBe('42501');
  });

  it('shows a person only their own entries, and anon none at all', async () => {
    await save(alice, { activity: 'Alice only' });
    const asBob = await bob.client.from('activity_entries').select('activity');
    expect(asBob.error).toBeNull();
    expect(asBob.data?.map((r) => r.activity)).not.toContain('Alice only');

    const asAnon = await restFetch(server, '/activity_entries?select=activity');
    expect(asAnon.status).toBe(401);
    expect((await asAnon.json()).code).toBe('42501');
  });
});

describe('the time of an entry', () => {
  it('may be chosen in the past by its owner, and the history keys it by that time', async () => {
    const createdAt = '2025-12-31T23:59:59.5+00:00';
    expect((await save(alice, { activity: 'New Year', createdAt })).error).toBeNull();
    const { data } = await alice.client
      .from('activities')
      .select('activity, created_at')
      .eq('created_at', createdAt);
    expect(data).toEqual([{ activity: 'New Year', created_at: createdAt }]);
  });

  it('is refused in the future beyond two minutes of clock skew, with a clear 400', async () => {
    const inAMinute = new Date(Date.now() + 60_000).toISOString();
    expect(
      (await save(alice, { activity: 'Skewed clock', createdAt: inAMinute })).error,
    ).toBeNull();

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const response = await restFetch(server, '/user_answers', {
      method: 'POST',
      token: alice.accessToken,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(answerRows(alice, { activity: 'Tomorrow', createdAt: tomorrow })),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: '23514',
      message: 'An entry cannot be in the future',
    });
    const { data } = await alice.client
      .from('activities')
      .select('activity')
      .eq('activity', 'Tomorrow');
    expect(data).toEqual([]);
  });

  it.each(['1899-12-31T23:59:59.999999Z', '-infinity', 'infinity'])(
    'is refused at %s with 400 23514 (0011), and nothing is stored',
    async (createdAt) => {
      const user = await signedInClient(server, `floor-${createdAt.replace(/[^a-z0-9]/gi, '')}`);
      const { error } = await user.client
        .from('user_answers')
        .insert(answerRows(user, { activity: 'Too early', createdAt }));
      expect(error).toMatchObject({ code: '23514' });
      const response = await restFetch(server, '/user_answers', {
        method: 'POST',
        token: user.accessToken,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(answerRows(user, { activity: 'Too early', createdAt })),
      });
      expect(response.status).toBe(400);
      const { data } = await user.client.from('user_answers').select('created_at');
      expect(data).toEqual([]);
    },
  );

  it('may be 1900-01-01 UTC, the earliest time allowed', async () => {
    const user = await signedInClient(server, 'floor-ok');
    const createdAt = '1900-01-01T00:00:00+00:00';
    expect((await save(user, { activity: 'Earliest', createdAt })).error).toBeNull();
    const { data } = await user.client.from('activities').select('activity, created_at');
    expect(data).toHaveLength(1);
    expect(Date.parse(data![0]!.created_at)).toBe(Date.parse(createdAt));
  });

  it('keeps saves that arrive at the same moment as separate entries', async () => {
    const user = await signedInClient(server, 'simultaneous');
    const saves = 150;
    const results = await Promise.all(
      Array.from({ length: saves }, (_, n) =>
        save(user, { activity: `Burst ${n}`, energy: String(n % 101) }),
      ),
    );
    expect(results.filter((r) => r.error).map((r) => r.error?.message)).toEqual([]);
    const { count } = await user.client
      .from('activities')
      .select('*', { count: 'exact', head: true });
    expect(count).toBe(saves);
  });

  it('moves a second save at an instant already taken forward by a microsecond', async () => {
    // Two saves sharing one transaction time is what two tabs saving in the
    // same microsecond look like to the database. Forgetting the first save's
    // placement between the two statements makes the second one a new save
    // at the same now().
    const user = await signedInClient(server, 'same-instant');
    const times = await server.database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ sub: user.userId, role: 'authenticated' }),
      ]);
      const insert = `INSERT INTO public.user_answers (user_id, question_id, answer)
                      VALUES ($1, $2, $3), ($1, $4, '40'), ($1, $5, '60')`;
      const args = (activity: string) => [
        user.userId,
        ids.get('Activity Description'),
        activity,
        ids.get('Energy Level'),
        ids.get('Engagement Level'),
      ];
      await tx.query(insert, args('First tab'));
      await tx.query("SELECT set_config('journal.entry_time', '', true)");
      await tx.query(insert, args('Second tab'));
      const { rows } = await tx.query<{ activity: string; micros: string }>(
        `SELECT activity, (extract(epoch FROM created_at - now()) * 1000000)::bigint::text AS micros
         FROM public.activity_entries ORDER BY created_at`,
      );
      return rows;
    });
    expect(times).toEqual([
      { activity: 'First tab', micros: '0' },
      { activity: 'Second tab', micros: '1' },
    ]);
  });
});

describe('a save at a taken instant (0010)', () => {
  it('moves past a run of 5000 adjacent entries with one advisory lock', async () => {
    const user = await signedInClient(server, 'save-runner');
    const result = await server.database.db.transaction(async (tx) => {
      // now() is the same all through this transaction: the run starts at
      // the instant the save below asks for.
      await tx.query(
        `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
         SELECT $1, q.id, CASE q.question WHEN 'Activity Description' THEN 'Run ' || i
                                         WHEN 'Flow State' THEN 'false' ELSE '50' END,
                now() + make_interval(secs => i / 1000000.0)
         FROM generate_series(0, 4999) AS i
         CROSS JOIN public.questions q
         JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'
         WHERE q.question <> 'Activity Notes'`,
        [user.userId],
      );
      // Forget the instant the seeding itself was given, as a new save would.
      await tx.query(`SELECT set_config('journal.entry_time', '', true)`);
      const before = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND pid = pg_backend_pid()`,
      );
      const { rows } = await tx.query<{ placed_us: string }>(
        `INSERT INTO public.user_answers (user_id, question_id, answer)
         SELECT $1, q.id, 'Saved' FROM public.questions q
         WHERE q.question = 'Activity Description'
         RETURNING ((extract(epoch FROM created_at) - extract(epoch FROM now())) * 1000000)::bigint::text AS placed_us`,
        [user.userId],
      );
      const after = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND pid = pg_backend_pid()`,
      );
      return { placedUs: rows[0]!.placed_us, locks: after.rows[0]!.n - before.rows[0]!.n };
    });
    expect(result).toEqual({ placedUs: '5000', locks: 1 });
  });
});
