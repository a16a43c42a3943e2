import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// import_entries (docs/decisions/021): a batch of the caller's own entries,
// each with all its answers or none, skipping what is already there.

const server = await serverForFile();
const alice = await signedInClient(server, 'alice');
const bob = await signedInClient(server, 'bob');

const entry = (created_at: string, activity: string, more: Record<string, unknown> = {}) => ({
  created_at,
  activity,
  energy: 70,
  engagement: 40,
  flow_state: true,
  notes: 'a, "quoted"\nnote 🙂',
  ...more,
});

async function entriesOf(user: SignedInUser) {
  const { data, error } = await user.client
    .from('activities')
    .select('created_at, activity, energy, engagement, flow_state, notes')
    .order('created_at');
  expect(error).toBeNull();
  return data ?? [];
}

describe('import_entries', () => {
  it('writes every field, and a second import of the same entries adds nothing', async () => {
    const user = await signedInClient(server, 'importer');
    const batch = [
      entry('2025-03-01T08:30:00.123456+02:00', 'Running'),
      entry('2025-03-02T21:00:00Z', 'Reading', { notes: null, flow_state: false, energy: 0 }),
    ];
    const first = await user.client.rpc('import_entries', { entries: batch });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ added: 2, skipped: 0, conflicts: 0 });
    expect(await entriesOf(user)).toEqual([
      {
        created_at: '2025-03-01T06:30:00.123456+00:00',
        activity: 'Running',
        energy: 70,
        engagement: 40,
        flow_state: true,
        notes: 'a, "quoted"\nnote 🙂',
      },
      {
        created_at: '2025-03-02T21:00:00+00:00',
        activity: 'Reading',
        energy: 0,
        engagement: 40,
        flow_state: false,
        notes: null,
      },
    ]);
    const again = await user.client.rpc('import_entries', { entries: batch });
    expect(again.data).toEqual({ added: 0, skipped: 2, conflicts: 0 });
    expect(await entriesOf(user)).toHaveLength(2);
  });

  it('writes five answer rows per entry (four without notes), sharing the time', async () => {
    const user = await signedInClient(server, 'rows');
    await user.client.rpc('import_entries', {
      entries: [
        entry('2025-01-01T10:00:00Z', 'A'),
        entry('2025-01-02T10:00:00Z', 'B', { notes: '' }),
      ],
    });
    const { data } = await user.client.from('user_answers').select('created_at');
    expect(data).toHaveLength(9);
  });

  it('counts another activity at a time already taken as a conflict and leaves it alone', async () => {
    const user = await signedInClient(server, 'conflict');
    await user.client.rpc('import_entries', { entries: [entry('2025-02-01T10:00:00Z', 'Mine')] });
    const { data } = await user.client.rpc('import_entries', {
      entries: [
        entry('2025-02-01T10:00:00Z', 'Theirs'),
        entry('2025-02-02T10:00:00Z', 'Twice'),
        entry('2025-02-02T10:00:00Z', 'Twice'),
      ],
    });
    expect(data).toEqual({ added: 1, skipped: 1, conflicts: 1 });
    expect((await entriesOf(user)).map((e) => e.activity)).toEqual(['Mine', 'Twice']);
  });

  it('imports only into the caller’s account, whatever user_id an entry names', async () => {
    const { data, error } = await alice.client.rpc('import_entries', {
      entries: [entry('2025-04-01T10:00:00Z', 'Sneaky', { user_id: bob.userId })],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ added: 1, skipped: 0, conflicts: 0 });
    expect(await entriesOf(bob)).toEqual([]);
    expect((await entriesOf(alice)).map((e) => e.activity)).toEqual(['Sneaky']);
  });

  it('is refused to anon', async () => {
    const anon = server.client();
    const { error, status } = await anon.rpc('import_entries', {
      entries: [entry('2025-04-01T10:00:00Z', 'Anon')],
    });
    expect(error).not.toBeNull();
    expect(status).toBe(401);
  });

  it('refuses a wrong batch with a 4xx naming the entry, and writes none of it', async () => {
    const user = await signedInClient(server, 'bad');
    const cases: Array<[unknown, RegExp]> = [
      [{ not: 'an array' }, /array/],
      [[entry('2025-01-01T10:00:00Z', 'Ok'), entry('yesterday', 'Bad')], /Entry 2 created_at/],
      [[entry('2025-01-01T10:00:00', 'No offset')], /Entry 1 created_at/],
      [[entry('2025-01-01T10:00:00Z', '   ')], /Entry 1 activity/],
      [[entry('2025-01-01T10:00:00Z', 'X', { energy: 101 })], /Entry 1 energy/],
      [[entry('2025-01-01T10:00:00Z', 'X', { energy: '50' })], /Entry 1 energy/],
      [[entry('2025-01-01T10:00:00Z', 'X', { energy: 5.5 })], /Entry 1 energy/],
      [[entry('2025-01-01T10:00:00Z', 'X', { engagement: -1 })], /Entry 1 engagement/],
      [[entry('2025-01-01T10:00:00Z', 'X', { flow_state: 'yes' })], /Entry 1 flow_state/],
      [[entry('2025-01-01T10:00:00Z', 'X', { notes: 5 })], /Entry 1 notes/],
      [[entry('2025-01-01T10:00:00Z', 'X', { notes: 'n'.repeat(10001) })], /Entry 1 notes/],
      [['text'], /Entry 1 is not an object/],
      [[null], /Entry 1 is not an object/],
      [
        Array.from({ length: 1001 }, (_, i) =>
          entry(`2025-01-01T10:00:${String(i % 60).padStart(2, '0')}Z`, 'X'),
        ),
        /At most 1000/,
      ],
    ];
    for (const [entries, message] of cases) {
      const { error, status } = await user.client.rpc('import_entries', { entries });
      expect(status, JSON.stringify(entries).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(error?.message).toMatch(message);
    }
    const invalidDate = await user.client.rpc('import_entries', {
      entries: [entry('2025-02-30T10:00:00Z', 'X')],
    });
    expect(invalidDate.status).toBe(400);
    expect(await entriesOf(user)).toEqual([]);
  });

  it('refuses an entry in the future with a 4xx and writes nothing of its batch', async () => {
    const user = await signedInClient(server, 'future');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const { status } = await user.client.rpc('import_entries', {
      entries: [entry('2025-01-01T10:00:00Z', 'Past'), entry(future, 'Future')],
    });
    expect(status).toBe(400);
    expect(await entriesOf(user)).toEqual([]);
  });
});

describe('the earliest time of an imported entry (0011)', () => {
  it('refuses an import with an entry before 1900-01-01 UTC, 400 23514, and stores nothing', async () => {
    const user = await signedInClient(server, 'import-floor');
    const { error, status } = await user.client.rpc('import_entries', {
      entries: [entry('2025-01-01T09:00:00Z', 'Fine'), entry('1899-12-31T23:59:59Z', 'Too early')],
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '23514' });
    expect(await entriesOf(user)).toEqual([]);
  });

  it('takes an entry at 1900-01-01 UTC', async () => {
    const user = await signedInClient(server, 'import-floor-ok');
    const { error } = await user.client.rpc('import_entries', {
      entries: [entry('1900-01-01T00:00:00Z', 'Earliest')],
    });
    expect(error).toBeNull();
    expect(await entriesOf(user)).toHaveLength(1);
  });
});
