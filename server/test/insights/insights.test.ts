import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';

const ZONE = 'America/New_York';

const e = (activity: string, energy: number, engagement: number, at: string, flow = false) =>
  ({ activity, energy, engagement, at, flow }) satisfies TimedEntry;

// All in 2025, so they count for "all time" only. Local times are New York's.
const ENTRIES: TimedEntry[] = [
  // Mondays–Wednesday 09:00 EST: morning. One activity under three spellings.
  e('deep work', 80, 60, '2025-01-06T14:00:00Z', true),
  e('Deep  work ', 70, 70, '2025-01-07T14:00:00Z', true),
  e('Deep Work', 90, 80, '2025-01-08T14:00:00Z'),
  // 14:00 EST: afternoon.
  e('Meetings', 20, 40, '2025-01-06T19:00:00Z'),
  e('Meetings', 30, 50, '2025-01-07T19:00:00Z'),
  e('Meetings', 40, 60, '2025-01-08T19:00:00Z'),
  e('Meetings', 30, 50, '2025-01-09T19:00:00Z', true),
  // Friday 17:30 EST: evening. Average 49 is below the line.
  e('Email', 49, 20, '2025-01-10T22:30:00Z'),
  e('Email', 50, 20, '2025-01-10T22:31:00Z'),
  e('Email', 48, 20, '2025-01-10T22:32:00Z'),
  // Sunday 2 November 2025, the night the clocks go back: 01:30 EDT, 01:30 EST,
  // and 23:30 EST (already Monday in UTC). All Sunday night, local.
  e('Walk', 60, 30, '2025-11-02T05:30:00Z'),
  e('Walk', 60, 30, '2025-11-02T06:30:00Z'),
  e('Walk', 60, 30, '2025-11-03T04:30:00Z'),
  // Monday 00:30 EST (night), Monday 18:00 and Tuesday 18:00 (evening).
  e('Gym', 50, 90, '2025-11-03T05:30:00Z'),
  e('Gym', 50, 90, '2025-11-03T23:00:00Z'),
  e('Gym', 50, 90, '2025-11-04T23:00:00Z'),
  // 15:00 EST: afternoon. Too few to rank.
  e('Nap', 90, 10, '2025-02-01T20:00:00Z'),
  e('nap', 70, 10, '2025-02-02T20:00:00Z'),
  e('Chess', 10, 95, '2025-02-03T20:00:00Z'),
];

const server = await serverForFile();
const owner = await signedInClient(server, 'insights-owner');
const stranger = await signedInClient(server, 'insights-stranger');
const anon = server.client();
await logEntries(owner.client, owner.userId, ENTRIES);

interface Ranked {
  key: string;
  name: string;
  entries: number;
  avg_energy: number;
  avg_engagement: number;
  flow_share: number;
  sd_energy: number;
  margin: number;
  interval_low: number;
  interval_high: number;
}
type Insights = Record<string, unknown> & {
  energizers: Ranked[];
  drainers: Ranked[];
  ranked: Ranked[];
  needs_more: Array<{ key: string; name: string; entries: number }>;
  trend: Array<{ start: string; entries: number; avg_energy: number | null }>;
  parts_of_day: Array<{ part: string; entries: number; avg_energy: number | null }>;
  weekdays: Array<{ weekday: number; entries: number; avg_energy: number | null }>;
  week: Record<string, unknown>;
};

async function allTime(client = owner.client, zone = ZONE): Promise<Insights> {
  const { data, error } = await client.rpc('insights', { period_days: null, time_zone: zone });
  expect(error).toBeNull();
  return data as Insights;
}

describe('insights rankings', () => {
  it('groups names ignoring case and whitespace, shown with the newest spelling', async () => {
    const data = await allTime();
    expect(data.entries).toBe(ENTRIES.length);
    expect(data.activities).toBe(7);
    const deep = data.ranked.find((r) => r.key === 'deep work')!;
    expect(deep).toMatchObject({ name: 'Deep Work', entries: 3 });
    expect(data.needs_more).toEqual([
      { key: 'chess', name: 'Chess', entries: 1 },
      { key: 'nap', name: 'nap', entries: 2 },
    ]);
  });

  it('splits at an average energy of 50 and orders each list from its extreme', async () => {
    const data = await allTime();
    expect(data.energizers.map((r) => [r.name, r.avg_energy])).toEqual([
      ['Deep Work', 80],
      ['Walk', 60],
      ['Gym', 50],
    ]);
    expect(data.drainers.map((r) => [r.name, r.avg_energy])).toEqual([
      ['Meetings', 30],
      ['Email', 49],
    ]);
  });

  it('gives exact averages, flow share and a t-based 95% interval', async () => {
    const data = await allTime();
    const deep = data.ranked.find((r) => r.key === 'deep work')!;
    // energy 80, 70, 90: sd 10, t(0.975, 2) = 4.303, margin 4.303·10/√3.
    expect(deep).toMatchObject({
      avg_energy: 80,
      avg_engagement: 70,
      flow_share: 0.6667,
      sd_energy: 10,
      margin: 24.84,
      interval_low: 55.16,
      interval_high: 100,
    });
    const meetings = data.ranked.find((r) => r.key === 'meetings')!;
    // energy 20, 30, 40, 30: sd √(200/3) = 8.165, t(0.975, 3) = 3.182.
    expect(meetings).toMatchObject({
      entries: 4,
      avg_engagement: 50,
      flow_share: 0.25,
      sd_energy: 8.16,
      margin: 12.99,
      interval_low: 17.01,
      interval_high: 42.99,
    });
    expect(data.ranked.find((r) => r.key === 'walk')).toMatchObject({ margin: 0 });
  });

  it('keeps at most five energizers', async () => {
    const many = await signedInClient(server, 'insights-many');
    const entries = [51, 52, 53, 54, 55, 56, 57].flatMap((energy, i) =>
      [0, 1, 2].map((k) => e(`Thing ${energy}`, energy, 50, `2025-03-0${i + 1}T1${k}:00:00Z`)),
    );
    await logEntries(many.client, many.userId, entries);
    const data = await allTime(many.client);
    expect(data.energizers.map((r) => r.avg_energy)).toEqual([57, 56, 55, 54, 53]);
    expect(data.ranked).toHaveLength(7);
    expect(data.drainers).toEqual([]);
  });

  it('states the thresholds it ranks by, so the app never restates them', async () => {
    const data = await allTime();
    const thresholds = data['thresholds'] as Record<string, number>;
    expect(thresholds).toEqual({
      min_entries: 3,
      energizer_min_energy: 50,
      max_listed: 5,
      comparison_min_each: 3,
      comparison_min_days: 3,
      false_discovery_rate: 0.05,
      max_compared_activities: 16,
      max_compared_tags: 8,
      max_compared_questions: 8,
      question_min_days: 10,
      question_min_days_each_answer: 3,
      question_min_level_days: 3,
      question_false_discovery_rate: 0.05,
    });
    expect(Math.min(...data.ranked.map((r) => r.entries))).toBe(thresholds['min_entries']);
    expect(Math.max(...data.needs_more.map((r) => r.entries))).toBe(thresholds['min_entries']! - 1);
    expect(Math.min(...data.energizers.map((r) => r.avg_energy))).toBe(
      thresholds['energizer_min_energy'],
    );
  });
});

describe('insights over time in the person’s zone', () => {
  it('buckets weeks by the local Monday across the clocks going back', async () => {
    const data = await allTime();
    expect(data.trend_unit).toBe('week');
    const week = (start: string) => data.trend.find((b) => b.start === start);
    expect(week('2025-10-27')).toMatchObject({ entries: 3, avg_energy: 60 });
    expect(week('2025-11-03')).toMatchObject({ entries: 3, avg_energy: 50 });
    expect(week('2025-01-06')).toMatchObject({ entries: 10 });
    // Empty weeks are present, so a chart shows the gap.
    expect(week('2025-01-13')).toMatchObject({ entries: 0, avg_energy: null });
    // In UTC the Sunday 23:30 walk is a Monday entry of the next week.
    const utc = await allTime(owner.client, 'UTC');
    expect(utc.trend.find((b) => b.start === '2025-10-27')).toMatchObject({ entries: 2 });
    expect(utc.trend.find((b) => b.start === '2025-11-03')).toMatchObject({ entries: 4 });
  });

  it('puts entries in parts of the day and weekdays by local time', async () => {
    const data = await allTime();
    expect(data.parts_of_day.map((p) => [p.part, p.entries, p.avg_energy])).toEqual([
      ['morning', 3, 80],
      ['afternoon', 7, 41.43],
      ['evening', 5, 49.4],
      ['night', 4, 57.5],
    ]);
    const day = (n: number) => data.weekdays.find((w) => w.weekday === n);
    // Sunday: the three walks and the nap of 2 February.
    expect(day(7)).toMatchObject({ entries: 4, avg_energy: 62.5 });
    // Monday: deep work, meetings, two gyms (00:30 and 18:00) and chess.
    expect(day(1)).toMatchObject({ entries: 5, avg_energy: 42 });
  });

  it('counts days in the zone for a short period and compares this week with the last', async () => {
    const recent = await signedInClient(server, 'insights-recent');
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await logEntries(recent.client, recent.userId, [
      e('Run', 90, 80, iso(now - 60_000), true),
      e('Chores', 30, 20, iso(now - 120_000)),
      e('Run', 70, 60, iso(now - 7 * 86_400_000)),
    ]);
    // A zone far from UTC where both recent entries fall on today's date (and
    // so in this week): at 11:00 UTC, Auckland's midnight would split them.
    const localDate = (zone: string, ms: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(ms);
    const zone = ['Pacific/Auckland', 'America/New_York'].find(
      (z) => localDate(z, now - 120_000) === localDate(z, now),
    )!;
    const { data, error } = await recent.client.rpc('insights', {
      period_days: 7,
      time_zone: zone,
    });
    expect(error).toBeNull();
    const result = data as Insights;
    expect(result.trend_unit).toBe('day');
    expect(result.trend).toHaveLength(7);
    const today = localDate(zone, now - 60_000);
    expect(result.trend.at(-1)).toMatchObject({ start: today, entries: 2, avg_energy: 60 });
    expect(result.week).toMatchObject({
      entries: 2,
      entries_last_week: 1,
      avg_energy: 60,
      avg_energy_last_week: 70,
      flow_entries: 1,
      best: { name: 'Run', avg_energy: 90, entries: 1 },
      lowest: { name: 'Chores', avg_energy: 30, entries: 1 },
    });
  });
});

describe('insights privacy and arguments', () => {
  it('shows another user nothing of the owner and refuses anon', async () => {
    const theirs = await allTime(stranger.client);
    expect(theirs).toMatchObject({ entries: 0, activities: 0, energizers: [], drainers: [] });
    expect(theirs.trend).toEqual([]);
    expect(theirs.week).toMatchObject({ entries: 0, best: null });
    const asAnon = await anon.rpc('insights', { period_days: null, time_zone: ZONE });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.data).toBeNull();
    const suggestions = await anon.rpc('activity_suggestions');
    expect(suggestions.status).toBe(401);
    expect((await stranger.client.rpc('activity_suggestions')).data).toEqual([]);
  });

  it.each([
    [{ period_days: 30, time_zone: 'Mars/Olympus_Mons' }, 'not a known time zone'],
    [{ period_days: 30, time_zone: 'UTC+3' }, 'not an IANA time zone name'],
    [{ period_days: 30, time_zone: '' }, 'time_zone is required'],
    [{ period_days: 0, time_zone: ZONE }, 'period_days must be between'],
    [{ period_days: 100_000, time_zone: ZONE }, 'period_days must be between'],
  ])('answers %j with a 400 that says why', async (args, message) => {
    const { error, status } = await owner.client.rpc('insights', args);
    expect(status).toBe(400);
    expect(error?.code).toBe('22023');
    expect(error?.message).toContain(message);
  });

  it('answers a period that is not a number with a 400', async () => {
    const { error, status } = await owner.client.rpc('insights', {
      period_days: 'month',
      time_zone: ZONE,
    });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});

describe('activity suggestions', () => {
  it('offers the own names, most used first, then most recent', async () => {
    const { data, error } = await owner.client.rpc('activity_suggestions', { max_count: 10 });
    expect(error).toBeNull();
    expect(
      (data as Array<{ activity: string; entries: number }>).map((s) => [s.activity, s.entries]),
    ).toEqual([
      ['Meetings', 4],
      ['Gym', 3],
      ['Walk', 3],
      ['Email', 3],
      ['Deep Work', 3],
      ['nap', 2],
      ['Chess', 1],
    ]);
    const two = await owner.client.rpc('activity_suggestions', { max_count: 2 }, { get: true });
    expect((two.data as unknown[]).length).toBe(2);
  });
});
