import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';

// What goes with more energy (docs/decisions/039): each activity's entries
// against all the other entries of the period, with Welch's 95% interval for
// the difference of the means. The expected figures are worked out by hand
// below from this small journal, and the function must agree to ±0.01.

const ZONE = 'Europe/Berlin';

let minute = 0;
const e = (activity: string, energy: number, engagement: number): TimedEntry => ({
  activity,
  energy,
  engagement,
  // All in January 2025, a minute apart: "all time" holds them all.
  at: new Date(Date.UTC(2025, 0, 6, 9, minute++)).toISOString(),
});

//               energy            engagement
// Reading       80, 70, 90, 80    50, 70, 60, 60
// Meetings      20, 30, 40        40, 40, 70
// Cooking       40, 60, 80        90, 30, 60
// Walk          60, 50            80, 80        (2 entries: not compared)
// 12 entries in all.
const ENTRIES: TimedEntry[] = [
  e('Reading', 80, 50),
  e('Meetings', 20, 40),
  e('Cooking', 40, 90),
  e('reading ', 70, 70),
  e('Walk', 60, 80),
  e('Meetings', 30, 40),
  e('Cooking', 60, 30),
  e('Reading', 90, 60),
  e('Walk', 50, 80),
  e('Meetings', 40, 70),
  e('Cooking', 80, 60),
  e('Reading', 80, 60),
];

// Welch, for a group of n₁ values (mean m₁, sample variance s₁²) against n₂
// others (m₂, s₂²):  a = s₁²/n₁,  b = s₂²/n₂,  SE = √(a + b),
//   ν = (a + b)² / (a²/(n₁−1) + b²/(n₂−1)),  interval (m₁ − m₂) ± t(0.975, ν)·SE.
//
// Energy, Reading (n₁ 4) against the other 8 (20 30 40 40 60 80 60 50):
//   m₁ = 320/4 = 80; s₁² = (0 + 100 + 100 + 0)/3 = 66.667
//   m₂ = 380/8 = 47.5; deviations −27.5 −17.5 −7.5 −7.5 12.5 32.5 12.5 2.5,
//   squares sum 2550, s₂² = 2550/7 = 364.286
//   difference 32.5; a = 16.667, b = 45.536, SE² = 62.202, SE = 7.8868
//   ν = 3869.1 / (92.593 + 296.22) = 9.9513, t(0.975, 9.95) = 2.2296
//   margin 2.2296 · 7.8868 = 17.585 → 14.92 to 50.08: excludes zero.
// Energy, Meetings (20 30 40) against the other 9 (sum 610):
//   m₁ = 30, s₁² = 100; m₂ = 67.778, s₂² = 2155.6/8 = 269.44
//   difference −37.78; a = 33.333, b = 29.938, SE = 7.9543, ν = 5.9966,
//   t = 2.4472, margin 19.466 → −57.24 to −18.31: excludes zero.
// Energy, Cooking (40 60 80) against the other 9 (sum 520):
//   m₁ = 60, s₁² = 400; m₂ = 57.778, s₂² = 4755.6/8 = 594.44
//   difference 2.22; a = 133.33, b = 66.049, SE = 14.120, ν = 4.2138,
//   t = 2.7218, margin 38.432 → −36.21 to 40.65: includes zero.
// Order: those excluding zero by size (Meetings 37.78, Reading 32.5), then
// Cooking.
//
// Engagement, same way (all three intervals include zero):
//   Reading  60 vs 61.25  (s² 66.667, 498.21)  diff −1.25,  ν 9.6375, t 2.2396,
//            margin 19.898 → −21.15 to 18.65
//   Meetings 50 vs 64.444 (s² 300, 327.78)     diff −14.44, ν 3.6026, t 2.9015,
//            margin 33.889 → −48.33 to 19.44
//   Cooking  60 vs 61.111 (s² 900, 236.11)     diff −1.11,  ν 2.3606, t 3.7303,
//            margin 67.377 → −68.49 to 66.27
// Order by size: Meetings, Reading, Cooking.

interface Comparison {
  kind: 'activity' | 'tag';
  key: string;
  name: string;
  entries_with: number;
  entries_without: number;
  mean_with: number;
  mean_without: number;
  difference: number;
  interval_low: number;
  interval_high: number;
  excludes_zero: boolean;
}
interface Answer {
  comparisons: { energy: Comparison[]; engagement: Comparison[] };
  thresholds: { comparison_min_each: number };
}

async function allTime(user: SignedInUser = owner): Promise<Answer> {
  const { data, error } = await user.client.rpc('insights', {
    period_days: null,
    time_zone: ZONE,
  });
  expect(error).toBeNull();
  return data as Answer;
}

/** The figures to two decimals, allowing ±0.01 for rounding. */
function expectFigures(actual: Comparison | undefined, expected: Partial<Comparison>) {
  expect(actual).toBeDefined();
  for (const [field, value] of Object.entries(expected)) {
    const got = actual![field as keyof Comparison];
    if (typeof value === 'number') expect(got as number, field).toBeCloseTo(value, 1);
    else expect(got, field).toEqual(value);
  }
}

const server = await serverForFile();
const owner = await signedInClient(server, 'compare-owner');
const stranger = await signedInClient(server, 'compare-stranger');
await logEntries(owner.client, owner.userId, ENTRIES);

describe('what goes with more energy', () => {
  it('compares each activity with the rest, matching the hand computation', async () => {
    const { comparisons, thresholds } = await allTime();
    expect(thresholds.comparison_min_each).toBe(3);
    expect(comparisons.energy.map((c) => c.name)).toEqual(['Meetings', 'Reading', 'Cooking']);
    const [meetings, reading, cooking] = comparisons.energy;
    expectFigures(reading, {
      kind: 'activity',
      key: 'reading',
      entries_with: 4,
      entries_without: 8,
      mean_with: 80,
      mean_without: 47.5,
      difference: 32.5,
      interval_low: 14.92,
      interval_high: 50.08,
      excludes_zero: true,
    });
    expectFigures(meetings, {
      entries_with: 3,
      entries_without: 9,
      mean_with: 30,
      mean_without: 67.78,
      difference: -37.78,
      interval_low: -57.24,
      interval_high: -18.31,
      excludes_zero: true,
    });
    expectFigures(cooking, {
      entries_with: 3,
      entries_without: 9,
      difference: 2.22,
      interval_low: -36.21,
      interval_high: 40.65,
      excludes_zero: false,
    });
  });

  it('compares engagement the same way, all intervals including zero here', async () => {
    const { engagement } = (await allTime()).comparisons;
    expect(engagement.map((c) => c.name)).toEqual(['Meetings', 'Reading', 'Cooking']);
    expect(engagement.every((c) => !c.excludes_zero)).toBe(true);
    expectFigures(engagement[0], {
      mean_with: 50,
      mean_without: 64.44,
      difference: -14.44,
      interval_low: -48.33,
      interval_high: 19.44,
    });
    expectFigures(engagement[1], { difference: -1.25, interval_low: -21.15, interval_high: 18.65 });
    expectFigures(engagement[2], { difference: -1.11, interval_low: -68.49, interval_high: 66.27 });
  });

  it('leaves out an activity with fewer than 3 entries', async () => {
    const { energy } = (await allTime()).comparisons;
    expect(energy.find((c) => c.key === 'walk')).toBeUndefined();
  });

  it('needs 3 entries without as well as 3 with', async () => {
    const person = await signedInClient(server, 'compare-threshold');
    const at = (i: number) => new Date(Date.UTC(2025, 1, 1, 8, i)).toISOString();
    // Tea 3 with, 2 without; Coffee 2 with: nothing to compare yet.
    await logEntries(person.client, person.userId, [
      { activity: 'Tea', energy: 70, engagement: 50, at: at(0) },
      { activity: 'Tea', energy: 80, engagement: 50, at: at(1) },
      { activity: 'Tea', energy: 90, engagement: 50, at: at(2) },
      { activity: 'Coffee', energy: 40, engagement: 50, at: at(3) },
      { activity: 'Coffee', energy: 50, engagement: 50, at: at(4) },
    ]);
    expect((await allTime(person)).comparisons).toEqual({ energy: [], engagement: [] });

    // A third Coffee: 3 and 3 on both sides. Tea 80 (s² 100) against Coffee
    // 50 (s² 100): difference 30, SE = √(100/3 + 100/3) = 8.165, ν = 4,
    // t(0.975, 4) = 2.7764, margin 22.67 → 7.33 to 52.67.
    await logEntries(person.client, person.userId, [
      { activity: 'Coffee', energy: 60, engagement: 50, at: at(5) },
    ]);
    const { energy, engagement } = (await allTime(person)).comparisons;
    expect(energy.map((c) => [c.name, c.entries_with, c.entries_without])).toEqual([
      ['Coffee', 3, 3],
      ['Tea', 3, 3],
    ]);
    expectFigures(
      energy.find((c) => c.name === 'Tea'),
      {
        difference: 30,
        interval_low: 7.33,
        interval_high: 52.67,
        excludes_zero: true,
      },
    );
    // Engagement is 50 everywhere: no difference, and no spread to widen it.
    expectFigures(engagement[0], {
      difference: 0,
      interval_low: 0,
      interval_high: 0,
      excludes_zero: false,
    });
  });

  it('follows the chosen period', async () => {
    const { data, error } = await owner.client.rpc('insights', {
      period_days: 30,
      time_zone: ZONE,
    });
    expect(error).toBeNull();
    expect((data as Answer).comparisons).toEqual({ energy: [], engagement: [] });
  });

  it('shows another person nothing of the owner', async () => {
    const theirs = await allTime(stranger);
    expect(theirs.comparisons).toEqual({ energy: [], engagement: [] });
  });

  it.each([
    [{ period_days: 0, time_zone: ZONE }, '22023'],
    [{ period_days: 3661, time_zone: ZONE }, '22023'],
    [{ period_days: -7, time_zone: ZONE }, '22023'],
    [{ period_days: 'week', time_zone: ZONE }, '22P02'],
    [{ period_days: 7.5, time_zone: ZONE }, '22P02'],
    [{ period_days: 30, time_zone: 'Not/A_Zone' }, '22023'],
  ])('answers bad period parameters %j with a 400', async (args, code) => {
    const { error, status } = await owner.client.rpc('insights', args);
    expect(status).toBe(400);
    expect(error?.code).toBe(code);
  });
});

describe("Student's t quantile used for the intervals", () => {
  // Exact values of t(0.975, ν) from the t distribution (to 4 decimals);
  // fractional ν are what Welch's formula gives.
  it.each([
    [2, 4.3027],
    [2.5, 3.5747],
    [3, 3.1824],
    [4, 2.7764],
    [5, 2.5706],
    [6.5, 2.402],
    [10, 2.2281],
    [30, 2.0423],
    [120, 1.9799],
    [1e6, 1.96],
  ])('t(0.975, %s) is %s', async (df, expected) => {
    const { rows } = await server.database.db.query<{ t: number }>(
      'SELECT journal_private.t_quantile_975($1) AS t',
      [df],
    );
    expect(Math.abs(Number(rows[0]!.t) - expected)).toBeLessThan(1e-4);
  });
});

describe('what goes with more energy, by tag', () => {
  // One activity throughout, so that only tags are compared. Tags as the
  // person typed them; 'Outside', 'OUTSIDE' and 'outside' are one tag, shown
  // as its latest spelling.
  //   energy  engagement  tags
  //   80      50          Outside, work
  //   90      60          OUTSIDE, Sam, work
  //   70      70          outside, work, rain
  //   40      50          Sam, work
  //   50      40          work, rain
  //   30      60          sam
  //   60      50          (none)
  // rain: 2 with (too few). work: 5 with but only 2 without (too few).
  // outside, energy: 80 90 70 (m 80, s² 100) against 40 50 30 60 (m 45,
  //   s² 500/3 = 166.67): a = 33.333, b = 41.667, SE = √75 = 8.6603,
  //   ν = 75² / (33.333²/2 + 41.667²/3) = 5625 / 1134.26 = 4.9592,
  //   t = 2.5770, margin 22.317 → difference 35, 12.68 to 57.32.
  // sam (latest spelling of Sam), energy: 90 40 30 (m 53.33, s² 1033.3) against 80 70 50 60 (m 65,
  //   s² 166.67): a = 344.44, b = 41.667, SE = 19.650, ν = 2.4889,
  //   t = 3.5861, margin 70.466 → −11.67, −82.13 to 58.80 (includes zero).
  // Engagement: outside 60 vs 50 (s² 100, 66.667), ν 3.8571, t 2.8175,
  //   margin 19.923 → 10, −9.92 to 29.92; Sam 56.67 vs 52.5 (s² 33.333,
  //   158.33), ν 4.4005, t 2.6796, margin 19.079 → 4.17, −14.91 to 23.25.
  const TAGGED: Array<[number, number, string[]]> = [
    [80, 50, ['Outside', 'work']],
    [90, 60, ['OUTSIDE', 'Sam', 'work']],
    [70, 70, ['outside', 'work', 'rain']],
    [40, 50, ['Sam', 'work']],
    [50, 40, ['work', 'rain']],
    [30, 60, ['sam']],
    [60, 50, []],
  ];
  let tagger: SignedInUser;

  beforeAll(async () => {
    tagger = await signedInClient(server, 'compare-tags');
    await logEntries(
      tagger.client,
      tagger.userId,
      TAGGED.map(([energy, engagement, tags], i) => ({
        activity: 'Day',
        energy,
        engagement,
        tags,
        at: new Date(Date.UTC(2025, 2, 1, 8, i)).toISOString(),
      })),
    );
  });

  it('compares each tag with the entries without it, matching the hand computation', async () => {
    const { energy, engagement } = (await allTime(tagger)).comparisons;
    expect(energy.map((c) => [c.kind, c.name, c.entries_with, c.entries_without])).toEqual([
      ['tag', 'outside', 3, 4],
      ['tag', 'sam', 3, 4],
    ]);
    expectFigures(energy[0], {
      key: 'outside',
      mean_with: 80,
      mean_without: 45,
      difference: 35,
      interval_low: 12.68,
      interval_high: 57.32,
      excludes_zero: true,
    });
    expectFigures(energy[1], {
      key: 'sam',
      mean_with: 53.33,
      mean_without: 65,
      difference: -11.67,
      interval_low: -82.13,
      interval_high: 58.8,
      excludes_zero: false,
    });
    expect(engagement.map((c) => c.name)).toEqual(['outside', 'sam']);
    expectFigures(engagement[0], { difference: 10, interval_low: -9.92, interval_high: 29.92 });
    expectFigures(engagement[1], {
      difference: 4.17,
      interval_low: -14.91,
      interval_high: 23.25,
    });
  });

  it('shows another person none of the tags', async () => {
    expect((await allTime(stranger)).comparisons).toEqual({ energy: [], engagement: [] });
  });
});
