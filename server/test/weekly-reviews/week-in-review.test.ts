import { beforeAll, describe, expect, it } from 'vitest';
import { logEntries, timedEntry, type TimedEntry } from '../insights/log-entry.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { saveReview } from './save-review.ts';

// week_in_review (docs/decisions/071): the week's look back and the check of
// last week's experiment, in one call, in the person's own week. Kiritimati
// is UTC+14: its Monday 00:00 is Sunday 10:00 in UTC, so a week computed in
// UTC would take the wrong entries at both ends.

const ZONE = 'Pacific/Kiritimati';
// The week under review: Monday 9 to Sunday 15 March 2026, local.
const MONDAY = '2026-03-09';
const WEEK_BEFORE = '2026-03-02';

const e = timedEntry;

const ENTRIES: TimedEntry[] = [
  // The week before (2 to 8 March, local): two walks, one run tagged outside.
  e('Walk outside', 70, '2026-03-02T00:00:00Z'),
  e('walk  outside', 80, '2026-03-05T00:00:00Z'),
  e('Run', 40, '2026-03-06T00:00:00Z', { tags: ['Outside'] }),
  // Sunday 8 March 23:30 local: still the week before.
  e('Email', 10, '2026-03-08T09:30:00Z'),
  // The week: Monday 00:30 local is Sunday 10:30 UTC.
  e('Walk outside', 90, '2026-03-08T10:30:00Z', { flow: true, notes: 'sun on the hill 🙂' }),
  e('Walk Outside', 80, '2026-03-10T00:00:00Z'),
  e('Walk outside', 85, '2026-03-11T00:00:00Z', { tags: ['outside'] }),
  e('Walk outside', 85, '2026-03-12T00:00:00Z'),
  e('Email', 30, '2026-03-10T01:00:00Z'),
  e('Email', 40, '2026-03-11T01:00:00Z'),
  e('Meetings', 20, '2026-03-12T01:00:00Z', { flow: true }),
  e('Reading', 50, '2026-03-13T01:00:00Z'),
  // Sunday 15 March 23:59 local: the week's last minute.
  e('Chess', 60, '2026-03-15T09:59:00Z', { flow: true, tags: ['outside'] }),
  // Monday 16 March 00:00 local: the next week.
  e('Walk outside', 5, '2026-03-15T10:00:00Z'),
];

const server = await serverForFile();
const owner = await signedInClient(server, 'review-owner');
const stranger = await signedInClient(server, 'review-stranger');
const crowded = await signedInClient(server, 'review-crowded');
beforeAll(async () => {
  await logEntries(owner.client, owner.userId, ENTRIES);
});

interface Listed {
  key: string;
  name: string;
  entries: number;
  avg_energy: number;
}
interface Check {
  plan: 'more' | 'less';
  kind: 'activity' | 'tag';
  name: string;
  entries: number;
  avg_energy: number | null;
  entries_before: number;
  avg_energy_before: number | null;
}
interface WeekInReview {
  week_start: string;
  week_end: string;
  entries: number;
  energized: Listed[];
  energized_count: number;
  drained: Listed[];
  drained_count: number;
  flow: Array<{ created_at: string; activity: string; notes: string | null; notes_cut: boolean }>;
  flow_count: number;
  planned: { week_start: string; how: string; checks: Check[] } | null;
}

async function weekInReview(client = owner.client, week = MONDAY, zone = ZONE) {
  const { data, error } = await client.rpc('week_in_review', { week, time_zone: zone });
  expect(error).toBeNull();
  return data as WeekInReview;
}

describe('the look back of a week', () => {
  it('lists what gave energy and what drained it, in the local week only', async () => {
    const week = await weekInReview();
    expect(week).toMatchObject({ week_start: MONDAY, week_end: '2026-03-15', entries: 9 });
    expect(week.energized).toEqual([
      { key: 'walk outside', name: 'Walk outside', entries: 4, avg_energy: 85 },
      { key: 'chess', name: 'Chess', entries: 1, avg_energy: 60 },
      // 50% is the Insights threshold: energized, not drained.
      { key: 'reading', name: 'Reading', entries: 1, avg_energy: 50 },
    ]);
    expect(week.drained).toEqual([
      { key: 'meetings', name: 'Meetings', entries: 1, avg_energy: 20 },
      { key: 'email', name: 'Email', entries: 2, avg_energy: 35 },
    ]);
  });

  it('lists the flow moments with their time and notes, oldest first', async () => {
    const week = await weekInReview();
    expect(
      week.flow.map((f) => [new Date(f.created_at).toISOString(), f.activity, f.notes]),
    ).toEqual([
      ['2026-03-08T10:30:00.000Z', 'Walk outside', 'sun on the hill 🙂'],
      ['2026-03-12T01:00:00.000Z', 'Meetings', null],
      ['2026-03-15T09:59:00.000Z', 'Chess', null],
    ]);
  });

  it('says how many entries were in flow, and sends short notes whole', async () => {
    const week = await weekInReview();
    expect(week.flow_count).toBe(3);
    expect(week.flow.map((f) => f.notes_cut)).toEqual([false, false, false]);
    expect([week.energized_count, week.drained_count]).toEqual([3, 2]);
  });

  it('takes any day of the week for its Monday, and another zone for another week', async () => {
    const sunday = await weekInReview(owner.client, '2026-03-15');
    expect(sunday.week_start).toBe(MONDAY);
    expect(sunday.energized).toEqual((await weekInReview()).energized);
    // In UTC the Monday 00:30 walk falls in the week before, and the 5%
    // walk of the next local Monday in this one.
    const utc = await weekInReview(owner.client, MONDAY, 'UTC');
    expect(utc.entries).toBe(9);
    expect(utc.energized[0]).toEqual({
      key: 'walk outside',
      name: 'Walk outside',
      entries: 4,
      avg_energy: 63.75,
    });
  });

  it('has no plan to check when the week before has no review', async () => {
    expect((await weekInReview()).planned).toBeNull();
  });

  it('checks last week’s plan against both weeks: entries and average energy', async () => {
    const saved = await saveReview(owner.client, {
      week_start: WEEK_BEFORE,
      more_kind: 'activity',
      more_name: 'WALK OUTSIDE',
      less_kind: 'tag',
      less_name: ' outside ',
      how: 'Walk at lunch',
    });
    expect(saved.error).toBeNull();
    const { planned } = await weekInReview();
    expect(planned).toEqual({
      week_start: WEEK_BEFORE,
      how: 'Walk at lunch',
      checks: [
        {
          plan: 'more',
          kind: 'activity',
          name: 'WALK OUTSIDE',
          entries: 4,
          avg_energy: 85,
          entries_before: 2,
          avg_energy_before: 75,
        },
        {
          plan: 'less',
          kind: 'tag',
          name: ' outside ',
          entries: 2,
          avg_energy: 72.5,
          entries_before: 1,
          avg_energy_before: 40,
        },
      ],
    });
  });

  it('checks a planned activity with no entries as none, and an empty plan as no checks', async () => {
    await saveReview(owner.client, {
      week_start: WEEK_BEFORE,
      more_kind: 'activity',
      more_name: 'Painting',
      less_kind: null,
      less_name: null,
    });
    expect((await weekInReview()).planned?.checks).toEqual([
      {
        plan: 'more',
        kind: 'activity',
        name: 'Painting',
        entries: 0,
        avg_energy: null,
        entries_before: 0,
        avg_energy_before: null,
      },
    ]);
    await saveReview(owner.client, { week_start: WEEK_BEFORE, more_kind: null, more_name: null });
    expect((await weekInReview()).planned).toMatchObject({ week_start: WEEK_BEFORE, checks: [] });
  });

  it('shows another person nothing of it: their own empty week', async () => {
    const theirs = await weekInReview(stranger.client);
    expect(theirs).toMatchObject({
      entries: 0,
      energized: [],
      energized_count: 0,
      drained: [],
      drained_count: 0,
      flow: [],
      flow_count: 0,
      planned: null,
    });
  });

  it('is refused to anon, and answers wrong arguments with a 400, never a 500', async () => {
    const anon = await server.client().rpc('week_in_review', { week: MONDAY, time_zone: ZONE });
    expect(anon.status).toBe(401);
    const wrong: Array<Record<string, unknown>> = [
      { week: MONDAY, time_zone: 'Mars/Olympus' },
      { week: MONDAY, time_zone: 'UTC+3' },
      { week: MONDAY, time_zone: '' },
      { week: null, time_zone: ZONE },
      { week: '1899-12-31', time_zone: ZONE },
      { week: '9999-12-31', time_zone: ZONE },
      { week: 'infinity', time_zone: ZONE },
      { week: 'next week', time_zone: ZONE },
      { week: '5874897-12-31', time_zone: ZONE },
    ];
    for (const args of wrong) {
      const { status, error } = await owner.client.rpc('week_in_review', args);
      const label = JSON.stringify(args);
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expect(error?.message, label).toBeTruthy();
    }
  });
});

// A crowded week (ADR 087): more flow entries and activities than a page
// shows, each with the longest notes. The answer keeps the most recent flow
// entries and the start of their notes, and counts the rest.
describe('a crowded week', () => {
  const IN_WEEK = 120;
  const LIST_MAX = 50;
  const NOTE_START = 200;
  const LONG_NOTE = 'n'.repeat(NOTE_START) + '… and the rest of a long note'.repeat(60);

  beforeAll(async () => {
    // Written straight into the database: 120 entries of Tuesday 10 March
    // 2026 (UTC), a minute apart, each its own activity, every one in flow.
    await server.database.db.query(
      `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
       SELECT $1, q.id,
              CASE q.question
                WHEN 'Activity Description' THEN 'Activity ' || i
                WHEN 'Energy Level' THEN (i % 2 * 90)::text
                WHEN 'Engagement Level' THEN '50'
                WHEN 'Flow State' THEN 'true'
                ELSE $3
              END,
              timestamptz '2026-03-10T08:00:00Z' + make_interval(mins => i)
       FROM generate_series(1, $2::int) AS i
       CROSS JOIN public.questions q
       JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'`,
      [crowded.userId, IN_WEEK, LONG_NOTE],
    );
  });

  it('lists the 50 most recent flow entries, oldest first, with the start of each note', async () => {
    const week = await weekInReview(crowded.client, MONDAY, 'UTC');
    expect(week.entries).toBe(IN_WEEK);
    expect(week.flow_count).toBe(IN_WEEK);
    expect(week.flow).toHaveLength(LIST_MAX);
    expect(week.flow.map((f) => f.activity)).toEqual(
      Array.from({ length: LIST_MAX }, (_, i) => `Activity ${IN_WEEK - LIST_MAX + 1 + i}`),
    );
    for (const moment of week.flow) {
      expect(moment.notes).toBe('n'.repeat(NOTE_START));
      expect(moment.notes_cut).toBe(true);
    }
  });

  it('lists at most 50 activities that gave energy and 50 that drained it, and counts them all', async () => {
    const week = await weekInReview(crowded.client, MONDAY, 'UTC');
    expect(week.energized).toHaveLength(LIST_MAX);
    expect(week.drained).toHaveLength(LIST_MAX);
    expect([week.energized_count, week.drained_count]).toEqual([IN_WEEK / 2, IN_WEEK / 2]);
  });
});
