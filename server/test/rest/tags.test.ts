import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { journalQuestions, restFetch, tagsQuestion } from './fixtures.ts';

// Tags on entries (docs/decisions/038): the answer to 'Tags' on the
// page 'entry_context', a JSON array of texts, saved in the same upsert as
// the entry's other answers and derived onto the entry's typed row (tags,
// tag_keys, search), all through the unchanged supabase-js client.

const ON_CONFLICT = 'user_id,entry_key,question_id';
const ROW_COLUMNS = 'created_at, activity, energy, notes, tags';

const server = await serverForFile();
const alice = await signedInClient(server, 'tags-alice');
const bob = await signedInClient(server, 'tags-bob');
const questionIds = await journalQuestions(alice.client);
const tagsQuestionId = await tagsQuestion(alice.client);

interface TaggedEntry {
  activity: string;
  energy?: number;
  notes?: string;
  /** Sent as the 'Tags' answer as it is; a string is sent raw (for bad JSON). */
  tags?: unknown;
  createdAt?: string;
}

/** One save as the Track tab sends it: every answer, the tags included, in one upsert. */
function save(user: SignedInUser, entry: TaggedEntry, entryKey: string = randomUUID()) {
  const answers: Array<[number, string]> = [
    [questionIds.get('Activity Description')!, entry.activity],
    [questionIds.get('Energy Level')!, String(entry.energy ?? 50)],
    [questionIds.get('Engagement Level')!, '60'],
    [questionIds.get('Flow State')!, 'false'],
  ];
  if (entry.notes) answers.push([questionIds.get('Activity Notes')!, entry.notes]);
  if (entry.tags !== undefined) {
    const text = typeof entry.tags === 'string' ? entry.tags : JSON.stringify(entry.tags);
    answers.push([tagsQuestionId, text]);
  }
  const rows = answers.map(([questionId, answer]) => ({
    user_id: user.userId,
    question_id: questionId,
    answer,
    entry_key: entryKey,
    ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
  }));
  return user.client
    .from('user_answers')
    .upsert(rows, { onConflict: ON_CONFLICT, ignoreDuplicates: true });
}

async function saveOk(user: SignedInUser, entry: TaggedEntry, entryKey?: string) {
  const { error } = await save(user, entry, entryKey);
  if (error) throw new Error(`save failed: ${error.message}`);
}

/** An instant `minutes` ago, so that entries have a known order. */
function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

async function answersOfKey(entryKey: string): Promise<number> {
  const { rows } = await server.database.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM public.user_answers WHERE entry_key = $1',
    [entryKey],
  );
  return Number(rows[0]!.n);
}

describe('tags saved with an entry', () => {
  it('are stored in the same upsert, tidied, and read back in order through the activities view', async () => {
    const key = randomUUID();
    await saveOk(
      alice,
      {
        activity: 'Picnic',
        tags: ['  Outside ', 'with   Sam', 'OUTSIDE'],
        createdAt: minutesAgo(500),
      },
      key,
    );
    // Sent again after a lost answer: still one entry with one Tags answer.
    await saveOk(alice, { activity: 'Picnic', tags: ['Outside'], createdAt: minutesAgo(500) }, key);
    expect(await answersOfKey(key)).toBe(5);
    const { data, error } = await alice.client
      .from('activities')
      .select('activity, tags, tag_keys')
      .eq('activity', 'Picnic');
    expect(error).toBeNull();
    // A tag given twice (case and whitespace aside) is kept once, where it came first.
    expect(data).toEqual([
      { activity: 'Picnic', tags: ['Outside', 'with Sam'], tag_keys: ['outside', 'with sam'] },
    ]);
  });

  it('leave an entry without tags as it was: no Tags answer, an empty list', async () => {
    const key = randomUUID();
    await saveOk(alice, { activity: 'Untagged walk', createdAt: minutesAgo(490) }, key);
    expect(await answersOfKey(key)).toBe(4);
    const { data } = await alice.client
      .from('activities')
      .select('tags, tag_keys')
      .eq('activity', 'Untagged walk')
      .single();
    expect(data).toEqual({ tags: [], tag_keys: [] });
  });

  it.each([
    ['more than 10', Array.from({ length: 11 }, (_, i) => `tag ${i}`), /at most 10 tags/],
    ['one longer than 40 characters', ['x'.repeat(41)], /Tag 1 is longer than 40 characters/],
    ['an empty one', ['fine', '   '], /Tag 2 is empty/],
    ['a line separator (U+2028)', ['one\u2028two'], /Tag 1 contains a character/],
    ['a zero-width space', ['zero\u200bwidth'], /contains a character/],
    ['a right-to-left override', ['evil\u202etxt'], /contains a character/],
    ['a line break', ['two\nlines'], /contains a character/],
    ['a comma', ['a,b'], /contains a character/],
    ['a semicolon', ['a;b'], /contains a character/],
    ['a number', [12], /Tag 1 is not a text/],
    ['an object instead of a list', { tag: 'x' }, /JSON array of texts/],
    ['text that is not JSON', 'outside, inside', /JSON array of texts/],
  ])('are refused with a 400 and nothing stored when there is %s', async (_, tags, message) => {
    const key = randomUUID();
    const { error, status } = await save(alice, { activity: 'Refused', tags }, key);
    expect(status).toBe(400);
    expect(error?.message).toMatch(message);
    expect(await answersOfKey(key)).toBe(0);
  });

  it('accept the joiners that Persian words and emoji need (U+200C, U+200D)', async () => {
    const tags = ['می\u200cخواهم', '👩\u200d💻', '🏳️\u200d🌈'];
    const { error } = await save(alice, { activity: 'Joined', tags, createdAt: minutesAgo(470) });
    expect(error).toBeNull();
    const { data } = await alice.client.from('activities').select('tags').eq('activity', 'Joined');
    expect(data).toEqual([{ tags }]);
  });

  it('accept 10 tags of 40 characters, in any script', async () => {
    const tags = Array.from({ length: 9 }, (_, i) => `${i} ${'é'.repeat(38)}`).concat(
      '日本語 #タグ',
    );
    const { error } = await save(alice, { activity: 'Wide', tags, createdAt: minutesAgo(480) });
    expect(error).toBeNull();
    const { data } = await alice.client.from('activities').select('tags').eq('activity', 'Wide');
    expect(data).toEqual([{ tags }]);
  });
});

describe('the Tag filter and search', () => {
  beforeAll(async () => {
    await saveOk(bob, { activity: 'Bob outside', tags: ['outside'], notes: 'garden' });
    const entries: TaggedEntry[] = [
      { activity: 'Morning walk', energy: 80, tags: ['Outside', 'dog'], notes: 'Sunny park' },
      { activity: 'Deep work', energy: 40, tags: ['office'], notes: 'Quarterly report' },
      { activity: 'Lunch', energy: 70, tags: ['OUTSIDE ', 'friends'], notes: 'Tacos' },
      { activity: 'Evening run', energy: 90, tags: ['outside'], notes: 'Rain, walking home' },
      { activity: 'Reading', energy: 60, notes: 'A novel about dogs' },
    ];
    for (const [i, entry] of entries.entries()) {
      await saveOk(alice, { ...entry, createdAt: minutesAgo(100 - i * 10) });
    }
  });

  const history = (user: SignedInUser) =>
    user.client.from('activities').select(ROW_COLUMNS).order('created_at', { ascending: false });

  it('groups a tag case- and whitespace-insensitively, and shows only the person their own', async () => {
    const { data, error } = await history(alice).contains('tag_keys', ['outside']);
    expect(error).toBeNull();
    expect(data!.map((r) => r.activity)).toEqual([
      'Evening run',
      'Lunch',
      'Morning walk',
      'Picnic',
    ]);
    const bobs = await history(bob).contains('tag_keys', ['outside']);
    expect(bobs.data!.map((r) => r.activity)).toEqual(['Bob outside']);
  });

  it('combines the Tag filter with other filters and paging', async () => {
    const page = await history(alice)
      .contains('tag_keys', ['outside'])
      .gte('energy', 70)
      .range(0, 1);
    expect(page.data!.map((r) => r.activity)).toEqual(['Evening run', 'Lunch']);
    const next = await history(alice)
      .contains('tag_keys', ['outside'])
      .gte('energy', 70)
      .range(2, 3);
    expect(next.data!.map((r) => r.activity)).toEqual(['Morning walk']);
  });

  it('finds entries by words of the activity, the notes and the tags, the last word as a prefix', async () => {
    const search = async (query: string) => {
      const { data, error } = await history(alice).textSearch('search', query, {
        config: 'simple',
      });
      expect(error).toBeNull();
      return data!.map((r) => r.activity);
    };
    expect(await search('walk:*')).toEqual(['Evening run', 'Morning walk', 'Untagged walk']);
    expect(await search('quarterly')).toEqual(['Deep work']);
    expect(await search('friends')).toEqual(['Lunch']);
    expect(await search('DOG:*')).toEqual(['Reading', 'Morning walk']);
    expect(await search('sunny & park')).toEqual(['Morning walk']);
    expect(await search('garden')).toEqual([]);
  });

  it('offers the plain, phrase and web-search forms of PostgREST', async () => {
    const form = async (query: string, type: 'plain' | 'phrase' | 'websearch') => {
      const { data, error } = await history(alice).textSearch('search', query, {
        config: 'simple',
        type,
      });
      expect(error).toBeNull();
      return data!.map((r) => r.activity);
    };
    expect(await form('sunny park', 'plain')).toEqual(['Morning walk']);
    expect(await form('park sunny', 'phrase')).toEqual([]);
    expect(await form('tacos -rain', 'websearch')).toEqual(['Lunch']);
  });

  it('combines search with the Tag filter, other filters and paging', async () => {
    const { data } = await history(alice)
      .textSearch('search', 'outside', { config: 'simple' })
      .contains('tag_keys', ['outside'])
      .lt('energy', 85)
      .range(0, 0);
    expect(data!.map((r) => r.activity)).toEqual(['Lunch']);
  });

  it("finds none of another person's entries", async () => {
    const { data } = await history(bob).textSearch('search', 'walk:*', { config: 'simple' });
    expect(data).toEqual([]);
  });

  it.each([
    [
      'a query that is not tsquery syntax',
      'search=fts(simple).walk%20%26%26%20(',
      /syntax error in tsquery/,
    ],
    ['an unknown configuration', 'search=fts(klingon).walk', /klingon/],
    ['a configuration that is not a name', 'search=fts(sim-ple).walk', /failed to parse filter/],
    ['a malformed array', 'tag_keys=cs.%7B%22open', /malformed array literal/],
    ['a query too long', `search=fts.${'a'.repeat(201)}`, /at most 200 characters/],
  ])('answer %s with a 400, never a 500', async (_, filter, message) => {
    const response = await restFetch(server, `/activities?select=activity&${filter}`, {
      token: alice.accessToken,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
  });

  it('search a text column too, as PostgREST does', async () => {
    const { data, error } = await alice.client
      .from('activities')
      .select('activity')
      .textSearch('notes', 'tacos', { config: 'simple' });
    expect(error).toBeNull();
    expect(data).toEqual([{ activity: 'Lunch' }]);
  });
});

describe('search_entries, the indexed page of Look Back', () => {
  const page = async (user: SignedInUser, args: Record<string, unknown>) => {
    const { data, error } = await user.client.rpc('search_entries', args);
    expect(error).toBeNull();
    return (data as Array<{ activity: string }>).map((r) => r.activity);
  };

  it('finds by words of the activity, notes and tags, the last word typed as a prefix', async () => {
    expect(await page(alice, { words: 'walk' })).toEqual([
      'Evening run',
      'Morning walk',
      'Untagged walk',
    ]);
    // A finished word (a space after it) is a whole word.
    expect(await page(alice, { words: 'walk ' })).toEqual(['Morning walk', 'Untagged walk']);
    expect(await page(alice, { words: 'Sunny  PA' })).toEqual(['Morning walk']);
    expect(await page(alice, { words: 'friends' })).toEqual(['Lunch']);
    // Query syntax typed by a person is just characters.
    expect(await page(alice, { words: "tacos & | ! :* ( ' \\" })).toEqual(['Lunch']);
    expect(await page(alice, { words: 'garden' })).toEqual([]);
  });

  it('combines words, Tag, activity, energy, engagement, flow and the keyset cursor', async () => {
    expect(await page(alice, { tag: ' OUTSIDE', min_energy: 70 })).toEqual([
      'Evening run',
      'Lunch',
      'Morning walk',
    ]);
    expect(await page(alice, { tag: 'outside', min_energy: 70, max_count: 2 })).toEqual([
      'Evening run',
      'Lunch',
    ]);
    const { data } = await alice.client.rpc('search_entries', {
      tag: 'outside',
      min_energy: 70,
      max_count: 2,
    });
    const cursor = (data as Array<{ created_at: string }>)[1]!.created_at;
    expect(await page(alice, { tag: 'outside', min_energy: 70, before_time: cursor })).toEqual([
      'Morning walk',
    ]);
    expect(await page(alice, { words: 'w', activity_name: 'morning  WALK' })).toEqual([
      'Morning walk',
    ]);
    expect(await page(alice, { words: 'report', min_engagement: 61 })).toEqual([]);
    expect(await page(alice, { tag: 'outside', flow_only: true })).toEqual([]);
  });

  it('answers the same columns as the activities view, tags and own answers included', async () => {
    const { data } = await alice.client.rpc('search_entries', { words: 'tacos' });
    expect(data).toEqual([
      {
        created_at: expect.any(String),
        activity: 'Lunch',
        energy: 70,
        engagement: 60,
        flow_state: false,
        notes: 'Tacos',
        tags: ['OUTSIDE', 'friends'],
        answers: {},
      },
    ]);
  });

  it("shows nobody another person's entries, and anon nothing", async () => {
    expect(await page(bob, { words: 'walk' })).toEqual([]);
    expect(await page(bob, { tag: 'outside' })).toEqual(['Bob outside']);
    const anon = await server.client().rpc('search_entries', { words: 'walk' });
    expect(anon.status).toBe(401);
  });

  it('refuses overlong input with a 400', async () => {
    const { status } = await alice.client.rpc('search_entries', { words: 'a'.repeat(201) });
    expect(status).toBe(400);
  });
});

describe('tag suggestions', () => {
  it("are the person's own tags, most used first, in their latest spelling, by prefix", async () => {
    const { data, error } = await alice.client.rpc('tag_suggestions', { max_count: 3 });
    expect(error).toBeNull();
    expect(data.map((s: { tag: string; entries: number }) => [s.tag, s.entries])).toEqual([
      ['outside', 4],
      ['friends', 1],
      ['office', 1],
    ]);
    const prefixed = await alice.client.rpc('tag_suggestions', { prefix: ' O' });
    expect(prefixed.data.map((s: { tag: string }) => s.tag)).toEqual(['outside', 'office']);
    const bobs = await bob.client.rpc('tag_suggestions', { prefix: 'o' });
    expect(bobs.data.map((s: { tag: string }) => s.tag)).toEqual(['outside']);
    expect((await bob.client.rpc('tag_suggestions', { prefix: 'f' })).data).toEqual([]);
  });
});

describe('editing, importing and undoing with tags', () => {
  async function entryAt(createdAt: string) {
    const { data } = await alice.client
      .from('activities')
      .select('activity, tags')
      .eq('created_at', createdAt)
      .maybeSingle();
    return data;
  }

  it('update_entry replaces the tags, keeps them when not named, removes them with [], and undoes', async () => {
    const at = minutesAgo(300);
    await saveOk(alice, { activity: 'Swim', tags: ['water'], createdAt: at });
    const edit = (tags?: string[]) =>
      alice.client.rpc('update_entry', {
        entry_time: at,
        activity: 'Swim',
        energy: 70,
        engagement: 60,
        flow_state: false,
        ...(tags ? { tags } : {}),
      });
    const changed = await edit(['pool', 'Friends']);
    expect(changed.error).toBeNull();
    expect(changed.data.tags).toEqual(['pool', 'Friends']);
    expect(await entryAt(at)).toEqual({ activity: 'Swim', tags: ['pool', 'Friends'] });
    // An app from before tags edits without naming them: they stay.
    expect((await edit()).error).toBeNull();
    expect(await entryAt(at)).toEqual({ activity: 'Swim', tags: ['pool', 'Friends'] });
    // Undo of the edit is an edit back to what was there.
    expect((await edit(['water'])).error).toBeNull();
    expect(await entryAt(at)).toEqual({ activity: 'Swim', tags: ['water'] });
    expect((await edit([])).error).toBeNull();
    expect(await entryAt(at)).toEqual({ activity: 'Swim', tags: [] });
  });

  it('update_entry refuses bad tags with a 400 and leaves the entry as it was', async () => {
    const at = minutesAgo(310);
    await saveOk(alice, { activity: 'Climb', tags: ['rock'], createdAt: at });
    const { error, status } = await alice.client.rpc('update_entry', {
      entry_time: at,
      activity: 'Changed',
      energy: 10,
      engagement: 10,
      flow_state: false,
      tags: ['x'.repeat(41)],
    });
    expect(status).toBe(400);
    expect(error?.message).toMatch(/longer than 40 characters/);
    expect(await entryAt(at)).toEqual({ activity: 'Climb', tags: ['rock'] });
  });

  it('a deleted entry comes back with its tags when its rows are inserted again (undo of delete)', async () => {
    const at = minutesAgo(320);
    await saveOk(alice, { activity: 'Bake', tags: ['kitchen'], createdAt: at });
    const removed = await alice.client
      .from('user_answers')
      .delete()
      .eq('created_at', at)
      .select('user_id, question_id, answer, created_at');
    expect(removed.data).toHaveLength(5);
    expect(await entryAt(at)).toBeNull();
    expect((await alice.client.from('user_answers').insert(removed.data!)).error).toBeNull();
    expect(await entryAt(at)).toEqual({ activity: 'Bake', tags: ['kitchen'] });
  });

  it('import_entries carries tags, takes entries without them, and names the entry with bad ones', async () => {
    const base = { energy: 50, engagement: 50, flow_state: false, notes: null };
    const first = minutesAgo(400);
    const second = minutesAgo(401);
    const { data, error } = await alice.client.rpc('import_entries', {
      entries: [
        { ...base, created_at: first, activity: 'Imported tagged', tags: ['Travel', 'train'] },
        { ...base, created_at: second, activity: 'Imported plain' },
      ],
    });
    expect(error).toBeNull();
    expect(data).toEqual({ added: 2, skipped: 0, conflicts: 0 });
    expect(await entryAt(first)).toEqual({
      activity: 'Imported tagged',
      tags: ['Travel', 'train'],
    });
    expect(await entryAt(second)).toEqual({ activity: 'Imported plain', tags: [] });

    const bad = await alice.client.rpc('import_entries', {
      entries: [
        { ...base, created_at: minutesAgo(402), activity: 'Fine' },
        { ...base, created_at: minutesAgo(403), activity: 'Too many', tags: Array(11).fill('t') },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/^Entry 2 tags must be an array/);
    const odd = await alice.client.rpc('import_entries', {
      entries: [{ ...base, created_at: minutesAgo(404), activity: 'Odd', tags: ['a\u2028b'] }],
    });
    expect(odd.status).toBe(400);
    expect(odd.error?.message).toMatch(/contains a character/);
  });
});
