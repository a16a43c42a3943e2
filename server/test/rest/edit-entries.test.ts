import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// Editing, deleting and undoing an entry (docs/decisions/019): update_entry
// replaces an entry's answers in one call; a delete is a DELETE of its answer
// rows, and undo inserts the same rows again. Row-level security decides
// everything; another person and anon can do nothing to someone's entry.

const server = await serverForFile();
const alice = await signedInClient(server, 'alice');
const bob = await signedInClient(server, 'bob');

const ENTRY_COLUMNS = 'created_at, activity, energy, engagement, flow_state, notes';

async function entriesOf(user: SignedInUser) {
  const { data, error } = await user.client
    .from('activities')
    .select(ENTRY_COLUMNS)
    .order('created_at');
  expect(error).toBeNull();
  return data ?? [];
}

/** One entry of `user` at `time`, written as an import would. */
async function entryAt(user: SignedInUser, time: string, activity = 'Running') {
  const { error } = await user.client.rpc('import_entries', {
    entries: [
      { created_at: time, activity, energy: 70, engagement: 40, flow_state: true, notes: 'first' },
    ],
  });
  expect(error).toBeNull();
  const rows = await entriesOf(user);
  return rows.find((row) => row.activity === activity)!;
}

/** Deletes the answer rows of the entry saved at `createdAt`, as the app's delete does, as this client. */
const deleteEntry = (client: SupabaseClient, createdAt: string) =>
  client.from('user_answers').delete().eq('created_at', createdAt);

const edit = (user: SignedInUser, args: Record<string, unknown>) =>
  user.client.rpc('update_entry', {
    activity: 'Deep work',
    energy: 85,
    engagement: 90,
    flow_state: false,
    notes: 'a, "quoted"\nnote 🙂',
    ...args,
  });

describe('update_entry', () => {
  it('changes every field of the entry and answers it as stored', async () => {
    const user = await signedInClient(server, 'editor');
    const before = await entryAt(user, '2025-05-01T09:00:00.123456Z');
    const { data, error } = await edit(user, { entry_time: before.created_at });
    expect(error).toBeNull();
    const after = {
      created_at: '2025-05-01T09:00:00.123456+00:00',
      activity: 'Deep work',
      energy: 85,
      engagement: 90,
      flow_state: false,
      notes: 'a, "quoted"\nnote 🙂',
    };
    expect(await entriesOf(user)).toEqual([after]);
    expect(data).toMatchObject({ ...after, created_at: expect.any(String) });
    expect(Date.parse((data as { created_at: string }).created_at)).toBe(
      Date.parse(after.created_at),
    );
  });

  it('moves the entry to another time in the past, and drops blank notes', async () => {
    const user = await signedInClient(server, 'mover');
    const before = await entryAt(user, '2025-05-02T09:00:00Z');
    const { error } = await edit(user, {
      entry_time: before.created_at,
      new_time: '2024-12-31T23:30:00+01:00',
      notes: '   ',
    });
    expect(error).toBeNull();
    const rows = await entriesOf(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ created_at: '2024-12-31T22:30:00+00:00', notes: null });
  });

  it('refuses a time in the future with a clear 400 and leaves the entry as it was', async () => {
    const user = await signedInClient(server, 'future');
    const before = await entryAt(user, '2025-05-03T09:00:00Z');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const { error, status } = await edit(user, {
      entry_time: before.created_at,
      new_time: tomorrow,
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514', message: 'An entry cannot be in the future' });
    expect(await entriesOf(user)).toEqual([before]);
  });

  it('moves an entry to a time another entry holds a microsecond on, as saves do, keeping both', async () => {
    const user = await signedInClient(server, 'collide');
    const first = await entryAt(user, '2025-05-04T09:00:00Z', 'First');
    const second = await entryAt(user, '2025-05-04T10:00:00Z', 'Second');
    const { data, error } = await edit(user, {
      entry_time: second.created_at,
      new_time: first.created_at,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ activity: 'Deep work' });
    expect(String(data.created_at)).toMatch(/^2025-05-04T09:00:00\.000001/);
    const after = await entriesOf(user);
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(first);
    expect(after[1]).toMatchObject({ created_at: data.created_at, activity: 'Deep work' });
  });

  it('refuses bad values with a 400 naming the field, changing nothing', async () => {
    const user = await signedInClient(server, 'bad-values');
    const before = await entryAt(user, '2025-05-05T09:00:00Z');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ activity: '  ' }, /^activity must be/],
      [{ energy: 101 }, /^energy must be/],
      [{ engagement: -1 }, /^engagement must be/],
      [{ flow_state: null }, /^flow_state must be/],
      [{ notes: 'x'.repeat(10_001) }, /^notes must be/],
    ];
    for (const [args, message] of cases) {
      const { error, status } = await edit(user, { entry_time: before.created_at, ...args });
      expect(status, JSON.stringify(args).slice(0, 60)).toBe(400);
      expect(error?.message).toMatch(message);
    }
    const wrongType = await edit(user, { entry_time: before.created_at, energy: 'lots' });
    expect(wrongType.status).toBe(400);
    expect(await entriesOf(user)).toEqual([before]);
  });

  it('answers odd argument shapes with a 4xx, never a 500, changing nothing', async () => {
    const user = await signedInClient(server, 'odd-shapes');
    const before = await entryAt(user, '2025-05-05T11:00:00Z');
    // (A JSON array or object given for a text argument is its JSON text, as
    // PostgREST passes it; that is a valid if odd activity, so not here.)
    const shapes: Record<string, unknown>[] = [
      { entry_time: 'yesterday-ish' },
      { entry_time: before.created_at, new_time: 'not a time' },
      { entry_time: before.created_at, new_time: 'infinity' },
      { entry_time: before.created_at, new_time: '294277-01-01T00:00:00Z' },
      { entry_time: null },
      { entry_time: before.created_at, energy: 99_999_999_999 },
      { entry_time: before.created_at, energy: 50.5 },
      { entry_time: before.created_at, flow_state: 'maybe' },
      { entry_time: before.created_at, activity: 'nul \u0000 inside' },
      { entry_time: before.created_at, unknown_argument: 1 },
    ];
    for (const args of shapes) {
      const { status, error } = await edit(user, args);
      const label = JSON.stringify(args).slice(0, 80);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expect(error?.message, label).toBeTruthy();
    }
    expect(await entriesOf(user)).toEqual([before]);
  });

  it("cannot touch another person's entry: it is not found, and stays whole", async () => {
    const mine = await entryAt(alice, '2025-05-06T09:00:00Z', 'Private');
    const { error, status } = await edit(bob, { entry_time: mine.created_at });
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PT404', message: 'Entry not found' });
    expect((await entriesOf(alice)).find((row) => row.activity === 'Private')).toEqual(mine);
  });

  it('gives anon nothing', async () => {
    const { status, error } = await server.client().rpc('update_entry', {
      entry_time: '2025-05-06T09:00:00Z',
      activity: 'x',
      energy: 1,
      engagement: 1,
      flow_state: true,
    });
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });
});

describe('delete and undo', () => {
  it('deletes the answer rows of one entry and brings them back exactly', async () => {
    const user = await signedInClient(server, 'undo');
    const kept = await entryAt(user, '2025-06-01T08:00:00Z', 'Kept');
    const gone = await entryAt(user, '2025-06-01T09:00:00.654321Z', 'Deleted');

    const removed = await deleteEntry(user.client, gone.created_at).select(
      'user_id, question_id, answer, created_at',
    );
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(5);
    expect(await entriesOf(user)).toEqual([kept]);

    const restored = await user.client.from('user_answers').insert(removed.data!);
    expect(restored.error).toBeNull();
    expect(await entriesOf(user)).toEqual([kept, gone]);
  });

  it("deletes nothing of another person's, and anon deletes nothing", async () => {
    const mine = await entryAt(alice, '2025-06-02T09:00:00Z', 'Still here');
    const byBob = await deleteEntry(bob.client, mine.created_at).select('created_at');
    expect(byBob.error).toBeNull();
    expect(byBob.data).toEqual([]);
    const byAnon = await deleteEntry(server.client(), mine.created_at);
    expect(byAnon.status).toBe(401);
    expect((await entriesOf(alice)).find((row) => row.activity === 'Still here')).toEqual(mine);
  });

  it("cannot put an entry into another person's journal by undoing", async () => {
    const { error, status } = await bob.client.from('user_answers').insert({
      user_id: alice.userId,
      question_id: 1,
      answer: 'Planted',
      created_at: '2025-06-03T09:00:00Z',
    });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect((await entriesOf(alice)).some((row) => row.activity === 'Planted')).toBe(false);
  });
});

describe('update_entry onto a run of adjacent entries', () => {
  // 0010: moving an entry onto a long run of a person's entries at adjacent
  // microseconds finds the first free instant in one query and takes one
  // advisory lock, not one per taken microsecond (which blocked the embedded
  // server for seconds and could fill PostgreSQL's shared lock table).
  const RUN = 5000;
  const RUN_START = '2025-03-01T08:00:00Z';
  const AFTER_RUN = '2025-03-01T08:00:00.005+00:00';
  const AFTER_RUN_NEXT = '2025-03-01T08:00:00.005001+00:00';

  async function seedRun(userId: string) {
    await server.database.db.query(
      `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
       SELECT $1, q.id,
              CASE q.question
                WHEN 'Activity Description' THEN 'Run ' || i
                WHEN 'Flow State' THEN 'false'
                WHEN 'Activity Notes' THEN 'n'
                ELSE '50'
              END,
              $2::timestamptz + make_interval(secs => i / 1000000.0)
       FROM generate_series(0, $3::int - 1) AS i
       CROSS JOIN public.questions q
       JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'`,
      [userId, RUN_START, RUN],
    );
  }

  // One person's run for both tests: seeding 5,000 entries (each derived
  // from its answers) is most of the file's time.
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signedInClient(server, 'runner');
    await seedRun(user.userId);
  });

  /** The instants of the entries moved onto the run so far. */
  async function movedOnto() {
    const { data, error } = await user.client
      .from('activities')
      .select('created_at')
      .eq('activity', 'Deep work')
      .order('created_at');
    expect(error).toBeNull();
    return (data ?? []).map((row) => row.created_at as string);
  }

  /**
   * Where the entries moved onto the run should be after one more move:
   * the first free microsecond after the run, whichever test moved first.
   */
  const afterOneMore = (before: string[]) => [
    ...before,
    [AFTER_RUN, AFTER_RUN_NEXT][before.length],
  ];

  /** One more entry, away from the run, to move onto it. */
  async function movingEntry(user: SignedInUser) {
    const created_at = '2025-05-03T09:00:00+00:00';
    const { error } = await user.client.rpc('import_entries', {
      entries: [{ created_at, activity: 'Moving', energy: 1, engagement: 1, flow_state: false }],
    });
    expect(error).toBeNull();
    return { created_at };
  }

  it('lands at the first free microsecond after the run', async () => {
    const before = await movedOnto();
    const moving = await movingEntry(user);
    const started = performance.now();
    const { data, error } = await edit(user, {
      entry_time: moving.created_at,
      new_time: RUN_START,
    });
    const elapsed = performance.now() - started;
    console.log(`update_entry onto a run of ${RUN}: ${Math.round(elapsed)} ms`);
    expect(error).toBeNull();
    const landed = (data as { created_at: string }).created_at;
    expect(Date.parse(landed)).toBe(Date.parse(AFTER_RUN)); // to the millisecond
    expect(await movedOnto()).toEqual(afterOneMore(before));
    // Only a hang fails here: a walk of the run one microsecond at a time
    // took seconds; how fast it is belongs to the bench (docs/testing.md).
    expect(elapsed).toBeLessThan(10_000);
  });

  it('takes one advisory lock, whatever the length of the run', async () => {
    const before = await movedOnto();
    const moving = await movingEntry(user);
    // The same call as the app makes, inside a transaction of the test's own,
    // so that the locks it took can be counted before they are released.
    const locks = await server.database.db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: user.userId, role: 'authenticated' }),
      ]);
      await tx.query(
        `SELECT public.update_entry($1::timestamptz, 'Deep work', 85, 90, false, NULL, $2::timestamptz)`,
        [moving.created_at, RUN_START],
      );
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks
         WHERE locktype = 'advisory' AND pid = pg_backend_pid()`,
      );
      return rows[0]!.n;
    });
    expect(locks).toBe(1);
    expect(await movedOnto()).toEqual(afterOneMore(before));
  });
});

describe('update_entry and the earliest time (0011)', () => {
  it.each(['1899-12-31T23:59:59Z', '-infinity', 'infinity'])(
    'refuses a new time of %s with a 4xx and keeps the entry as it was',
    async (newTime) => {
      const user = await signedInClient(server, `edit-floor-${newTime.replace(/[^a-z0-9]/gi, '')}`);
      const before = await entryAt(user, '2025-05-04T09:00:00Z');
      const { error, status } = await edit(user, {
        entry_time: before.created_at,
        new_time: newTime,
      });
      expect(error).not.toBeNull();
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(await entriesOf(user)).toEqual([before]);
    },
  );

  it('moves an entry to 1900-01-01 UTC', async () => {
    const user = await signedInClient(server, 'edit-floor-ok');
    const before = await entryAt(user, '2025-05-04T09:00:00Z');
    const { error } = await edit(user, {
      entry_time: before.created_at,
      new_time: '1900-01-01T00:00:00Z',
    });
    expect(error).toBeNull();
    const rows = await entriesOf(user);
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0]!.created_at)).toBe(Date.parse('1900-01-01T00:00:00Z'));
  });
});
