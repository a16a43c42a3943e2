import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { REVIEW_COLUMNS, saveReview } from './save-review.ts';

// The weekly reviews table (migration 0025, docs/decisions/071): one review a
// person and week, saved and saved again by the app's upsert, read back
// whole, under row-level security, with the bounds of an entry's notes.

const LONGEST_TEXT = 2000;
// The worst text a person may keep: astral emoji (two UTF-16 units, one
// character to the database), the separators that end a line in
// JavaScript, a tab and line breaks, quotes.
const WORST = '🙂\u2028\u2029\t\r\n"\'\\;,👩‍💻';
const worst = (length: number) => [...WORST.repeat(length)].slice(0, length).join('');

let server: TestServer;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInClient(server, 'reviews-owner');
  stranger = await signedInClient(server, 'reviews-stranger');
});
afterAll(() => server.close());

const reviewsOf = async (user: SignedInUser) => {
  const { data, error } = await user.client
    .from('weekly_reviews')
    .select(REVIEW_COLUMNS)
    .order('week_start', { ascending: false });
  expect(error).toBeNull();
  return data ?? [];
};

describe('a weekly review', () => {
  it('is saved, saved again as an update of the same week, and read back whole', async () => {
    const first = await saveReview(owner.client, {
      week_start: '2026-03-09',
      activities: 'Walking',
      environment: 'Outside',
      more_kind: 'activity',
      more_name: 'Walk outside',
    });
    expect(first.error).toBeNull();
    const whole = {
      week_start: '2026-03-09',
      activities: 'Walking, mostly',
      environment: 'Outside',
      interactions: 'Sam',
      objects: 'Boots',
      users: 'Just me',
      more_kind: 'activity' as const,
      more_name: 'Walk outside',
      less_kind: 'tag' as const,
      less_name: 'screens',
      how: 'Lunch walks',
    };
    const again = await saveReview(owner.client, whole);
    expect(again.error).toBeNull();
    expect(await reviewsOf(owner)).toEqual([whole]);
  });

  it('keeps the longest texts with emoji and U+2028 exactly, and lists the weeks newest first', async () => {
    const review = {
      week_start: '2026-03-02',
      activities: worst(LONGEST_TEXT),
      environment: worst(LONGEST_TEXT),
      interactions: worst(LONGEST_TEXT),
      objects: worst(LONGEST_TEXT),
      users: worst(LONGEST_TEXT),
      more_kind: 'activity' as const,
      more_name: worst(500),
      less_kind: 'tag' as const,
      less_name: '🙂'.repeat(40),
      how: worst(LONGEST_TEXT),
    };
    expect((await saveReview(owner.client, review)).error).toBeNull();
    const oldest = { week_start: '1900-01-01', how: 'the oldest week there is' };
    expect((await saveReview(owner.client, oldest)).error).toBeNull();
    const reviews = await reviewsOf(owner);
    expect(reviews.map((r) => r.week_start)).toEqual(['2026-03-09', '2026-03-02', '1900-01-01']);
    expect(reviews[1]).toEqual(review);
  });

  it('refuses one character more, a week not starting on a Monday, and half a plan, saying why', async () => {
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ activities: worst(LONGEST_TEXT + 1) }, /^Activities can be at most 2000 characters$/],
      [{ users: worst(LONGEST_TEXT + 1) }, /^Users can be at most 2000 characters$/],
      [{ how: worst(LONGEST_TEXT + 1) }, /^How can be at most 2000 characters$/],
      [{ week_start: '2026-03-10' }, /week must start on a Monday/],
      [{ week_start: '1899-12-25' }, /between 1900 and next week/],
      [{ week_start: '2999-01-07' }, /between 1900 and next week/],
      [{ more_kind: 'mood', more_name: 'x' }, /^Do more of must be an activity or a tag$/],
      [{ more_kind: 'activity', more_name: '  ' }, /^Do more of needs the name/],
      [{ less_kind: null, less_name: 'Email' }, /^Do less of must be an activity or a tag$/],
      [{ less_kind: 'tag', less_name: 'x'.repeat(41) }, /a tag longer than 40 characters/],
      [{ more_kind: 'activity', more_name: 'x'.repeat(501) }, /an activity longer than 500/],
      [{ activities: null }, /^Activities must be a text/],
    ];
    for (const [change, message] of refusals) {
      const { error, status } = await saveReview(owner.client, {
        week_start: '2026-02-23',
        ...change,
      });
      expect(status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(error?.message).toMatch(message);
    }
    // A NUL the database cannot store, as in notes: a 4xx, never a 500.
    const nul = await saveReview(owner.client, { week_start: '2026-02-23', how: 'a\u0000b' });
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    expect((await reviewsOf(owner)).map((r) => r.week_start)).not.toContain('2026-02-23');
  });

  it('is another person’s to neither read, change, take over nor delete', async () => {
    expect(await reviewsOf(stranger)).toEqual([]);
    const before = await reviewsOf(owner);
    const changed = await stranger.client
      .from('weekly_reviews')
      .update({ how: 'mine now' })
      .eq('week_start', '2026-03-09')
      .select();
    expect(changed.data).toEqual([]);
    const deleted = await stranger.client
      .from('weekly_reviews')
      .delete()
      .eq('week_start', '2026-03-09')
      .select();
    expect(deleted.data).toEqual([]);
    const forged = await stranger.client
      .from('weekly_reviews')
      .insert({ user_id: owner.userId, week_start: '2026-03-16', how: 'forged' });
    expect(forged.status).toBe(403);
    // Their own review of the same week is theirs alone.
    expect((await saveReview(stranger.client, { week_start: '2026-03-09' })).error).toBeNull();
    expect(await reviewsOf(owner)).toEqual(before);
    expect((await reviewsOf(stranger)).map((r) => r.how)).toEqual(['']);
  });

  it('gives anon nothing, and lets its owner delete it', async () => {
    const anon = server.client();
    expect((await anon.from('weekly_reviews').select('how')).status).toBe(401);
    const deleted = await owner.client
      .from('weekly_reviews')
      .delete()
      .eq('week_start', '1900-01-01')
      .select('week_start');
    expect(deleted.data).toEqual([{ week_start: '1900-01-01' }]);
  });

  it('keeps its owner and its times from the client', async () => {
    const { status } = await owner.client
      .from('weekly_reviews')
      .update({ updated_at: '2000-01-01T00:00:00Z' })
      .eq('week_start', '2026-03-09');
    expect(status).toBe(403);
    const moved = await owner.client
      .from('weekly_reviews')
      .update({ user_id: stranger.userId })
      .eq('week_start', '2026-03-09');
    expect(moved.status).toBe(403);
  });
});
