import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { journalQuestions, restFetch, saveActivity, type Entry } from './fixtures.ts';

// "Exactly once", the server half (docs/decisions/035): an entry
// carries a key its device made when it was logged, and sending it again, in
// whatever way a device can, stores it once, through the unchanged supabase-js
// upsert the web app's Track tab sends.

const ON_CONFLICT = 'user_id,entry_key,question_id';

const server = await serverForFile();
const alice = await signedInClient(server, 'once-alice');
const bob = await signedInClient(server, 'once-bob');
const questionIds = await journalQuestions(alice.client);

const RUN: Entry = {
  activity: 'Morning run',
  energy: 80,
  engagement: 70,
  flowState: true,
  notes: 'Cold but good',
};

/** The answer rows of one entry, as the Track tab sends them (numbers and the flag as text). */
function answerRows(userId: string, entryKey: string, entry: Entry, createdAt?: string) {
  const answers: Record<string, string> = {
    'Activity Description': entry.activity,
    'Energy Level': String(entry.energy),
    'Engagement Level': String(entry.engagement),
    'Flow State': String(entry.flowState),
    'Activity Notes': entry.notes,
  };
  return Object.entries(answers).map(([question, answer]) => ({
    user_id: userId,
    question_id: questionIds.get(question),
    answer,
    entry_key: entryKey,
    ...(createdAt ? { created_at: createdAt } : {}),
  }));
}

/** One send of an entry: the upsert supabase-js makes of `.upsert(rows, { onConflict, ignoreDuplicates })`. */
function send(
  client: SupabaseClient,
  userId: string,
  entryKey: string,
  entry: Entry = RUN,
  createdAt?: string,
) {
  return client.from('user_answers').upsert(answerRows(userId, entryKey, entry, createdAt), {
    onConflict: ON_CONFLICT,
    ignoreDuplicates: true,
  });
}

/** What the database holds for a key, read as its owner would not: every person's rows. */
async function stored(entryKey: string) {
  const { rows } = await server.database.db.query<{
    user_id: string;
    created_at: string;
    answers: string;
  }>(
    `SELECT user_id, created_at::text AS created_at, count(*)::text AS answers
     FROM public.user_answers WHERE entry_key = $1
     GROUP BY user_id, created_at ORDER BY user_id, created_at`,
    [entryKey],
  );
  return rows.map((r) => ({ ...r, answers: Number(r.answers) }));
}

async function entryCount(userId: string): Promise<number> {
  const { rows } = await server.database.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM public.activity_entries WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.n);
}

async function answersCounted(userId: string): Promise<number> {
  const { rows } = await server.database.db.query<{ answers: string }>(
    'SELECT answers::text AS answers FROM journal_private.account_usage WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.answers ?? 0);
}

describe('an entry sent again', () => {
  it('is stored once, with all its answers, and counted once against the quota', async () => {
    const key = randomUUID();
    const entriesBefore = await entryCount(alice.userId);
    const usageBefore = await answersCounted(alice.userId);

    const first = await send(alice.client, alice.userId, key);
    expect(first.error).toBeNull();
    expect(first.status).toBe(201);
    const again = await send(alice.client, alice.userId, key);
    expect(again.error).toBeNull();
    expect(again.status).toBe(201);

    const rows = await stored(key);
    expect(rows).toEqual([{ user_id: alice.userId, created_at: expect.any(String), answers: 5 }]);
    expect(await entryCount(alice.userId)).toBe(entriesBefore + 1);
    expect(await answersCounted(alice.userId)).toBe(usageBefore + 5);
  });

  it('50 times at once is stored exactly once, with all five answers', async () => {
    const key = randomUUID();
    const entriesBefore = await entryCount(alice.userId);
    const sends = await Promise.all(
      Array.from({ length: 50 }, () => send(alice.client, alice.userId, key)),
    );
    expect(sends.map((s) => s.error)).toEqual(Array.from({ length: 50 }, () => null));
    expect(new Set(sends.map((s) => s.status))).toEqual(new Set([201]));

    expect(await stored(key)).toEqual([
      { user_id: alice.userId, created_at: expect.any(String), answers: 5 },
    ]);
    expect(await entryCount(alice.userId)).toBe(entriesBefore + 1);
    const { data, error } = await alice.client
      .from('activities')
      .select('activity, energy, engagement, flow_state, notes')
      .eq('created_at', (await stored(key))[0]?.created_at ?? '');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        activity: 'Morning run',
        energy: 80,
        engagement: 70,
        flow_state: true,
        notes: 'Cold but good',
      },
    ]);
  });

  it('after its answer was lost keeps the time it was first stored', async () => {
    const key = randomUUID();
    // The first send reaches the server; the device never hears back.
    const lost = await restFetch(server, `/user_answers?on_conflict=${ON_CONFLICT}`, {
      method: 'POST',
      token: alice.accessToken,
      headers: { 'Content-Type': 'application/json', Prefer: 'resolution=ignore-duplicates' },
      body: JSON.stringify(answerRows(alice.userId, key, RUN)),
    });
    expect(lost.status).toBe(201);
    const [firstStored] = await stored(key);
    // Later, from the outbox: the server's clock has moved on.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const retry = await send(alice.client, alice.userId, key);
    expect(retry.error).toBeNull();
    expect(await stored(key)).toEqual([firstStored]);
  });

  it('with the moment it was logged is stored once at that moment', async () => {
    const key = randomUUID();
    const loggedAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    for (let i = 0; i < 3; i += 1) {
      const { error } = await send(alice.client, alice.userId, key, RUN, loggedAt);
      expect(error).toBeNull();
    }
    const rows = await stored(key);
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(loggedAt);
    expect(rows[0]?.answers).toBe(5);
  });

  it('after an edit finds the edited entry: the key survives update_entry, nothing is added', async () => {
    const key = randomUUID();
    await send(alice.client, alice.userId, key);
    const [original] = await stored(key);
    const edit = await alice.client.rpc('update_entry', {
      entry_time: original!.created_at,
      activity: 'Evening run',
      energy: 60,
      engagement: 50,
      flow_state: false,
      notes: null,
    });
    expect(edit.error).toBeNull();
    // The edit dropped the notes; the late re-send of the entry as first
    // logged adds nothing at another instant.
    const late = await send(alice.client, alice.userId, key);
    expect(late.error).toBeNull();
    const rows = await stored(key);
    expect(rows.map((r) => r.created_at)).toEqual([original!.created_at]);
    const { data } = await alice.client
      .from('activities')
      .select('activity, energy')
      .eq('created_at', original!.created_at);
    expect(data).toEqual([{ activity: 'Evening run', energy: 60 }]);
  });

  it('as a plain insert (no on_conflict) is refused with 409, not stored twice', async () => {
    const key = randomUUID();
    const rows = answerRows(alice.userId, key, RUN);
    expect((await alice.client.from('user_answers').insert(rows)).error).toBeNull();
    const again = await alice.client.from('user_answers').insert(rows);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    expect(await stored(key)).toHaveLength(1);
  });
});

describe('entries without a key (older clients, the spec’s call 3)', () => {
  it('are stored as before: two saves are two entries', async () => {
    const before = await entryCount(bob.userId);
    await saveActivity(bob.client, bob.userId, RUN);
    await saveActivity(bob.client, bob.userId, RUN);
    expect(await entryCount(bob.userId)).toBe(before + 2);
  });
});

describe('keys are per person', () => {
  it("another person's identical key is their own entry and leaves the first untouched", async () => {
    const key = randomUUID();
    await send(alice.client, alice.userId, key);
    const [alicesEntry] = await stored(key);
    const bobs = await send(bob.client, bob.userId, key, { ...RUN, activity: 'Reading' });
    expect(bobs.error).toBeNull();
    const rows = await stored(key);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(alicesEntry);
    expect(rows).toContainEqual({
      user_id: bob.userId,
      created_at: expect.any(String),
      answers: 5,
    });
    // Bob reads only his own answers under that key.
    const { data } = await bob.client.from('user_answers').select('user_id').eq('entry_key', key);
    expect(new Set((data as Array<{ user_id: string }>).map((r) => r.user_id))).toEqual(
      new Set([bob.userId]),
    );
  });

  it("cannot write, merge or learn anything through another person's rows", async () => {
    const key = randomUUID();
    await send(alice.client, alice.userId, key);
    const [alicesEntry] = await stored(key);
    const forged = answerRows(alice.userId, key, { ...RUN, activity: 'Hijacked' });

    // Naming Alice as the owner is refused by the insert policy before any conflict is looked at.
    const ignore = await bob.client
      .from('user_answers')
      .upsert(forged, { onConflict: ON_CONFLICT, ignoreDuplicates: true })
      .select();
    expect(ignore.status).toBe(403);
    expect(ignore.error?.code).toBe('42501');

    const merge = await bob.client
      .from('user_answers')
      .upsert(forged, { onConflict: ON_CONFLICT })
      .select();
    expect(merge.status).toBe(403);
    expect(merge.error?.code).toBe('42501');

    expect(await stored(key)).toEqual([alicesEntry]);
    const { data } = await alice.client
      .from('activities')
      .select('activity')
      .eq('created_at', alicesEntry!.created_at);
    expect(data).toEqual([{ activity: 'Morning run' }]);
  });

  it('merge-duplicates on answers is refused even for their owner: answers change only through update_entry', async () => {
    const key = randomUUID();
    await send(alice.client, alice.userId, key);
    const merge = await alice.client
      .from('user_answers')
      .upsert(answerRows(alice.userId, key, { ...RUN, energy: 5 }), { onConflict: ON_CONFLICT });
    expect(merge.status).toBe(403);
    expect(merge.error?.code).toBe('42501');
    const { data } = await alice.client
      .from('user_answers')
      .select('answer')
      .eq('entry_key', key)
      .eq('question_id', questionIds.get('Energy Level')!);
    expect(data).toEqual([{ answer: '80' }]);
  });
});
