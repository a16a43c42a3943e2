import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { restFetch, saveActivity, saveAnswers, type Entry } from './fixtures.ts';

interface ActivityRow {
  user_id: string;
  created_at: string;
  activity: string;
  energy: number;
  engagement: number;
  flow_state: boolean;
  notes: string | null;
}

// Saved oldest first; the view must hand them back as typed rows.
const ENTRIES: Entry[] = [
  { activity: 'Emails', energy: 20, engagement: 30, flowState: false, notes: '' },
  { activity: 'Deep work', energy: 85, engagement: 90, flowState: true, notes: 'no meetings' },
  { activity: 'Walk', energy: 70, engagement: 40, flowState: false, notes: 'sunny' },
  { activity: 'Guitar', energy: 95, engagement: 88, flowState: true, notes: 'new song' },
  { activity: 'Admin', energy: 10, engagement: 15, flowState: false, notes: 'taxes' },
];

const server = await serverForFile();
const user = await signedInClient(server, 'view');
beforeAll(async () => {
  for (const entry of ENTRIES.slice(0, 3)) await saveActivity(user.client, user.userId, entry);
  // docs/product.md 5: entries without activity text or without numeric levels are not shown.
  await saveAnswers(user.client, user.userId, {
    'Activity Description': '   ',
    'Energy Level': '50',
    'Engagement Level': '50',
  });
  await saveAnswers(user.client, user.userId, {
    'Activity Description': 'Broken energy',
    'Energy Level': 'abc',
    'Engagement Level': '50',
  });
  await saveAnswers(user.client, user.userId, {
    'Activity Description': 'No engagement',
    'Energy Level': '50',
  });
  for (const entry of ENTRIES.slice(3)) await saveActivity(user.client, user.userId, entry);
});

const newestFirst = [...ENTRIES].reverse().map((e) => e.activity);

describe('the activities view', () => {
  it('gives one typed row per saved activity and skips incomplete entries', async () => {
    const { data, error } = await user.client
      .from('activities')
      .select('*')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data as ActivityRow[];
    expect(rows.map((r) => r.activity)).toEqual(newestFirst);
    expect(rows[0]).toEqual({
      user_id: user.userId,
      created_at: expect.any(String),
      activity: 'Admin',
      energy: 10,
      engagement: 15,
      flow_state: false,
      notes: 'taxes',
      activity_key: 'admin',
      // Migration 0019 (docs/decisions/038): no tags, and the words search reads.
      tags: [],
      tag_keys: [],
      search: "'admin':1 'taxes':2",
      // Migration 0036 (docs/decisions/084): no answers to own questions.
      answers: {},
    });
    const guitar = rows.find((r) => r.activity === 'Guitar')!;
    expect(guitar).toMatchObject({ energy: 95, engagement: 88, flow_state: true });
    expect(typeof guitar.energy).toBe('number');
  });

  it('filters in the database: minimum energy and engagement, flow state only', async () => {
    const strong = await user.client
      .from('activities')
      .select('activity')
      .gte('energy', 70)
      .gte('engagement', 40)
      .order('created_at', { ascending: false });
    expect(strong.data).toEqual([
      { activity: 'Guitar' },
      { activity: 'Walk' },
      { activity: 'Deep work' },
    ]);

    const flow = await user.client
      .from('activities')
      .select('activity, flow_state')
      .eq('flow_state', true)
      .order('created_at', { ascending: false });
    expect(flow.data).toEqual([
      { activity: 'Guitar', flow_state: true },
      { activity: 'Deep work', flow_state: true },
    ]);

    const none = await user.client.from('activities').select('activity').gte('energy', 100);
    expect(none).toMatchObject({ data: [], error: null, status: 200 });
  });

  it('pages with range() and reports the exact count of the whole result', async () => {
    const first = await user.client
      .from('activities')
      .select('activity', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(0, 1);
    expect(first.error).toBeNull();
    expect(first.count).toBe(5);
    expect(first.status).toBe(206);
    expect(first.data).toEqual(newestFirst.slice(0, 2).map((activity) => ({ activity })));

    const last = await user.client
      .from('activities')
      .select('activity', { count: 'exact' })
      .order('created_at', { ascending: false })
      .range(4, 9);
    expect(last.data).toEqual([{ activity: 'Emails' }]);
    expect(last.count).toBe(5);

    const filtered = await user.client
      .from('activities')
      .select('*', { count: 'exact' })
      .eq('flow_state', true);
    expect(filtered.count).toBe(2);
    expect(filtered.status).toBe(200);
  });

  it('pages by created_at (keyset) without skipping or repeating an activity', async () => {
    // Infinite scroll asks for "older than the last one I have": the timestamp
    // string from one page must work, to the microsecond, as the next cursor.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      let query = user.client.from('activities').select('activity, created_at');
      if (cursor) query = query.lt('created_at', cursor);
      const { data, error } = await query.order('created_at', { ascending: false }).limit(2);
      expect(error).toBeNull();
      if (!data?.length) break;
      seen.push(...data.map((row) => row.activity));
      cursor = data.at(-1)!.created_at;
    }
    expect(seen).toEqual(ENTRIES.map((e) => e.activity).reverse());
  });

  it('answers a HEAD count without a body', async () => {
    const { data, count, error, status } = await user.client
      .from('activities')
      .select('*', { count: 'exact', head: true })
      .gte('energy', 50);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBeNull();
    expect(count).toBe(3);

    const res = await restFetch(server, '/activities?select=*&limit=2', {
      method: 'HEAD',
      token: user.accessToken,
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('0-1/5');
    expect(await res.text()).toBe('');
  });

  it('writes Content-Range for every page shape', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['/activities?select=activity&limit=2&offset=1', 'count=exact', 206, '1-2/5'],
      ['/activities?select=activity', 'count=exact', 200, '0-4/5'],
      ['/activities?select=activity&energy=gt.100', 'count=exact', 200, '*/0'],
      ['/activities?select=activity&limit=2', '', 200, '0-1/*'],
      ['/activities?select=activity&offset=5', 'count=exact', 206, '*/5'],
    ];
    for (const [path, prefer, status, range] of cases) {
      const res = await restFetch(server, path, {
        token: user.accessToken,
        headers: { Prefer: prefer },
      });
      expect({ path, status: res.status, range: res.headers.get('content-range') }).toEqual({
        path,
        status,
        range,
      });
    }
  });

  it('refuses an offset past the end with 416 PGRST103', async () => {
    const res = await restFetch(server, '/activities?select=activity&offset=6', {
      token: user.accessToken,
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('*/5');
    expect(await res.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 6 was requested, but there are only 5 rows.',
      hint: null,
    });
  });
});
