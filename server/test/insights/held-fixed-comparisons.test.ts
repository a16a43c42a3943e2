import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';
import { referenceComparisons, type ModelEntry } from './reference-model.ts';

// What goes with more energy and engagement, each factor with the others
// held fixed (docs/decisions/083), through insights() as the app calls it.

const ZONE = 'Europe/Berlin'; // UTC+1 in January and February 2025

interface Comparison {
  kind: 'activity' | 'tag';
  key: string;
  name: string;
  reference: 'typical_activity' | 'without_tag';
  entries_with: number;
  entries_without: number;
  days_with: number;
  days_without: number;
  difference: number;
  interval_low: number;
  interval_high: number;
  p_value: number;
  q_value: number;
  excludes_zero: boolean;
  more_days: number | null;
}
interface Answer {
  comparisons: { energy: Comparison[]; engagement: Comparison[] };
  typical_activities: Record<'energy' | 'engagement', Array<{ key: string; name: string }>>;
  to_try: Array<Comparison & { measure: 'energy' | 'engagement' }>;
  comparisons_made: number;
  thresholds: Record<string, number>;
}

async function allTime(user: SignedInUser): Promise<Answer> {
  const { data, error } = await user.client.rpc('insights', {
    period_days: null,
    time_zone: ZONE,
  });
  expect(error).toBeNull();
  return data as Answer;
}

/** An entry at a local hour of a day of January 2025 in Berlin (UTC+1). */
function at(day: number, hour: number, minute = 0): string {
  return new Date(Date.UTC(2025, 0, day, hour - 1, minute)).toISOString();
}

const server = await serverForFile();
const stranger = await signedInClient(server, 'held-stranger');

describe('a journal whose answer is known exactly', () => {
  // Energy = the day's own level + the activity's effect, nothing else
  // (whatever the hour):
  // Walk +20, Meetings −15, Email and Reading 0. Engagement = 50 + the
  // day's level + 12 on Reading. 'outside' rides on every Walk and on three
  // Emails, and does nothing. Reading is logged only on the three best days.
  // The model fits this exactly, so every estimate is the effect itself and
  // every interval is a point. The typical activity is the middle half of
  // the four by effect, Email and Reading (0), so Walk is +20 and Meetings
  // −15 against it; 'outside' is 0 against entries without it.
  // Compared with the rest of the entries, as an app without the model
  // would, Reading (only on good days) and 'outside' (with Walk) would look
  // like energizers.
  const LEVELS = [40, 55, 50, 60, 45, 52];
  const BEST = new Set([1, 3, 5]); // the days with levels 55, 60, 52
  const EFFECT: Record<string, number> = { Walk: 20, Meetings: -15, Email: 0, Reading: 0 };
  const entries: TimedEntry[] = LEVELS.flatMap((level, d) => {
    const day = 6 + d;
    let minute = 0;
    const log = (activity: string, hour: number, tags: string[] = []): TimedEntry => ({
      activity,
      energy: level + EFFECT[activity]!,
      engagement: 50 + (level - 50) + (activity === 'Reading' ? 12 : 0),
      tags,
      at: at(day, hour, minute++),
    });
    // Hours that differ from day to day, so that no activity is always
    // logged at one hour (the model could not tell it from the hour).
    const shift = [0, 3, 1, 4, 2, 5][d]!;
    return [
      log('Walk', 7 + shift, ['outside']),
      log('Email', 16 - shift, d < 3 ? ['outside'] : []),
      ...(BEST.has(d) ? [log('Reading', 12 + shift)] : []),
      log('Meetings', 9 + ((shift * 2) % 7)),
      log('Email', 18 + (shift % 3)),
    ];
  });
  let person: SignedInUser;
  let answer: Answer;

  beforeAll(async () => {
    person = await signedInClient(server, 'held-exact');
    await logEntries(person.client, person.userId, entries);
    answer = await allTime(person);
  });

  const row = (measure: 'energy' | 'engagement', key: string) =>
    answer.comparisons[measure].find((c) => c.key === key);

  it('finds each effect itself, with the day, the hour and the tag held fixed', () => {
    const energy = answer.comparisons.energy;
    // Clear ones first, the largest first; then the rest.
    expect(energy.slice(0, 2).map((c) => [c.key, c.excludes_zero])).toEqual([
      ['walk', true],
      ['meetings', true],
    ]);
    expect(
      energy
        .slice(2)
        .map((c) => c.key)
        .sort(),
    ).toEqual(['email', 'outside', 'reading']);
    expect(row('energy', 'walk')).toMatchObject({
      name: 'Walk',
      reference: 'typical_activity',
      difference: 20,
      interval_low: 20,
      interval_high: 20,
      entries_with: 6,
      days_with: 6,
    });
    expect(row('energy', 'meetings')).toMatchObject({ difference: -15, excludes_zero: true });
    expect(answer.typical_activities.energy).toEqual([
      { key: 'email', name: 'Email' },
      { key: 'reading', name: 'Reading' },
    ]);
    for (const key of ['email', 'reading', 'outside']) {
      expect(Math.abs(row('energy', key)!.difference), key).toBeLessThan(0.01);
      expect(row('energy', key)!.excludes_zero, key).toBe(false);
    }
    expect(row('energy', 'outside')).toMatchObject({
      kind: 'tag',
      reference: 'without_tag',
      entries_with: 9,
      entries_without: 18,
      days_with: 6,
      days_without: 6,
    });
    expect(row('energy', 'reading')).toMatchObject({ entries_with: 3, days_with: 3 });
  });

  it('finds the engagement effect of Reading the same way', () => {
    expect(row('engagement', 'reading')).toMatchObject({ difference: 12, excludes_zero: true });
    expect(answer.comparisons.engagement.filter((c) => c.excludes_zero)).toHaveLength(1);
  });

  it('counts every comparison of both measures, and suggests only clear ones', () => {
    expect(answer.comparisons_made).toBe(10);
    expect(answer.to_try.map((s) => [s.measure, s.key, s.difference])).toEqual([
      ['energy', 'walk', 20],
      ['energy', 'meetings', -15],
      ['engagement', 'reading', 12],
    ]);
  });

  it('shows another person none of it', async () => {
    const theirs = await allTime(stranger);
    expect(theirs.comparisons).toEqual({ energy: [], engagement: [] });
    expect(theirs.to_try).toEqual([]);
  });
});

describe('a journal with noise, against the model computed another way', () => {
  // Eight days of four activities and two tags with varied energies: the
  // estimates and intervals must be those of the model written out whole
  // (reference-model.ts), with t for the days holding both, less one.
  const ACTIVITIES = ['Email', 'Walk', 'Meetings', 'Reading'];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const model: ModelEntry[] = [];
  const entries: TimedEntry[] = [];
  for (let day = 1; day <= 8; day++) {
    for (let k = 0; k < 5; k++) {
      // Each activity on most days, in a varying order.
      const activity = ACTIVITIES[(k + day * 3 + (next() < 0.3 ? 1 : 0)) % 4]!;
      const hour = 7 + k * 3 + Math.floor(next() * 2);
      const tags = [next() < 0.4 ? 'outside' : '', next() < 0.5 ? 'screen' : ''].filter(Boolean);
      const energy = Math.round(20 + 60 * next());
      const engagement = Math.round(30 + 40 * next());
      entries.push({ activity, energy, engagement, tags, at: at(12 + day, hour, k) });
      model.push({ day: String(day), hour, activity: activity.toLowerCase(), tags, y: energy });
    }
  }
  let answer: Answer;

  beforeAll(async () => {
    const person = await signedInClient(server, 'held-noisy');
    await logEntries(person.client, person.userId, entries);
    answer = await allTime(person);
  });

  it('gives each estimate and interval of the model to ±0.01', async () => {
    const { t_quantile } = await import('./t-quantile.ts');
    const energy = answer.comparisons.energy;
    const order = energy.filter((c) => c.kind === 'activity').map((c) => c.key);
    expect(order.sort()).toEqual(ACTIVITIES.map((a) => a.toLowerCase()).sort());
    // The SQL's column order: activities by entries, most first (the last
    // one is the base); the comparisons do not depend on it.
    const byEntries = [...energy]
      .filter((c) => c.kind === 'activity')
      .sort((a, b) => b.entries_with - a.entries_with || a.key.localeCompare(b.key))
      .map((c) => c.key);
    const expected = referenceComparisons(model, byEntries, ['outside', 'screen']);
    for (const want of expected) {
      const got = energy.find((c) => c.kind === want.kind && c.key === want.key)!;
      expect(got, want.key).toBeDefined();
      const mixedDays = new Set(
        model
          .filter((e) =>
            want.kind === 'activity' ? e.activity === want.key : e.tags.includes(want.key),
          )
          .map((e) => e.day)
          .filter((day) =>
            model.some(
              (e) =>
                e.day === day &&
                (want.kind === 'activity' ? e.activity !== want.key : !e.tags.includes(want.key)),
            ),
          ),
      ).size;
      const margin = t_quantile(mixedDays - 1) * want.standardError;
      expect(got.difference, want.key).toBeCloseTo(want.estimate, 1);
      expect(got.interval_low, want.key).toBeCloseTo(want.estimate - margin, 1);
      expect(got.interval_high, want.key).toBeCloseTo(want.estimate + margin, 1);
    }
  });
});

describe('a journal where nothing is clear', () => {
  it('calls nothing clear and suggests nothing', async () => {
    const person = await signedInClient(server, 'held-nothing');
    // Two activities alike but for noise, on five days: each day Cooking
    // and Reading share the same two energies, in turn.
    const energies = [
      50, 62, 62, 50, 41, 55, 55, 41, 58, 47, 47, 58, 61, 44, 44, 61, 46, 59, 59, 46,
    ];
    await logEntries(
      person.client,
      person.userId,
      energies.map((energy, i) => ({
        activity: i % 2 ? 'Reading' : 'Cooking',
        energy,
        engagement: 50,
        at: at(20 + Math.floor(i / 4), 8 + ((i * 7) % 13)),
      })),
    );
    const answer = await allTime(person);
    expect(answer.comparisons.energy).toHaveLength(2);
    expect(answer.comparisons.energy.every((c) => !c.excludes_zero)).toBe(true);
    expect(answer.comparisons.engagement.every((c) => !c.excludes_zero)).toBe(true);
    expect(answer.to_try).toEqual([]);
    for (const c of answer.comparisons.energy) {
      expect(c.q_value).toBeGreaterThan(c.p_value - 1e-9);
      expect(c.more_days === null || c.more_days >= 1).toBe(true);
    }
  });

  it('compares nothing until there are 3 days with entries both with and without', async () => {
    const person = await signedInClient(server, 'held-few-days');
    // Plenty of entries, but all on two days.
    await logEntries(
      person.client,
      person.userId,
      Array.from({ length: 12 }, (_, i) => ({
        activity: i % 2 ? 'Tea' : 'Coffee',
        energy: i % 2 ? 80 : 40,
        engagement: 50,
        at: at(25 + (i % 2 ? 0 : 1) * 0 + Math.floor(i / 6), 8 + (i % 6)),
      })),
    );
    const answer = await allTime(person);
    expect(answer.comparisons).toEqual({ energy: [], engagement: [] });
    expect(answer.thresholds).toMatchObject({
      comparison_min_each: 3,
      comparison_min_days: 3,
      false_discovery_rate: 0.05,
    });
  });
});

describe('the false-discovery control and the p-values', () => {
  it('keeps exactly the k smallest that Benjamini–Hochberg keeps', async () => {
    // m = 10, q = 0.05: p(k) ≤ k·0.005 holds for k = 1 (0.001 ≤ 0.005) and
    // k = 2 (0.008 ≤ 0.010), and for no larger k (0.039 > 0.015, 0.041 >
    // 0.020, …, 0.216 > 0.050): two are kept. Given out of order.
    const p = [0.039, 0.008, 0.205, 0.041, 0.001, 0.06, 0.074, 0.042, 0.212, 0.216];
    const { rows } = await server.database.db.query<{ q: number[] }>(
      'SELECT journal_private.benjamini_hochberg($1::float8[]) AS q',
      [p],
    );
    const q = rows[0]!.q.map(Number);
    expect(p.filter((_, i) => q[i]! <= 0.05).sort()).toEqual([0.001, 0.008]);
    // q-values by hand: p(j)·m/j, the running minimum from the largest.
    expect(q[4]).toBeCloseTo(0.01, 6); // 0.001·10/1
    expect(q[1]).toBeCloseTo(0.04, 6); // 0.008·10/2
    expect(q[0]).toBeCloseTo(0.084, 6); // min(0.039·10/3, 0.041·10/4, 0.042·10/5, …) = 0.084
    expect(q[9]).toBeCloseTo(0.216, 6); // 0.216·10/10
  });

  it.each([
    [12.7062, 1, 0.05],
    [4.3027, 2, 0.05],
    [3.1824, 3, 0.05],
    [2.2281, 10, 0.05],
    [2.0423, 30, 0.05],
    [1, 1, 0.5],
    [0, 7, 1],
    [-2.2281, 10, 0.05],
    [3.1693, 10, 0.01],
    // A factor seen on a thousand days: the series four terms a step.
    [1.9623, 1000, 0.05],
    [1.9623, 999, 0.05],
    [2.5808, 1000, 0.01],
    // Far out: the series stops before its terms underflow, which
    // PostgreSQL refuses as an error (a long journal with a clear effect).
    [1e6, 1000, 0],
    [3e21, 1000, 0],
    [3e21, 1001, 0],
    [1e200, 5, 0],
  ])('P(|T| ≥ %s) with %s degrees of freedom is %s', async (t, df, expected) => {
    const { rows } = await server.database.db.query<{ p: number }>(
      'SELECT journal_private.t_two_sided_p($1, $2) AS p',
      [t, df],
    );
    expect(Math.abs(Number(rows[0]!.p) - expected)).toBeLessThan(2e-5);
  });
});

describe('the call itself', () => {
  it.each([
    [{ period_days: 0, time_zone: ZONE }, '22023'],
    [{ period_days: 3661, time_zone: ZONE }, '22023'],
    [{ period_days: 'week', time_zone: ZONE }, '22P02'],
    [{ period_days: 30, time_zone: 'Not/A_Zone' }, '22023'],
  ])('answers bad period parameters %j with a 400', async (args, code) => {
    const { error, status } = await stranger.client.rpc('insights', args);
    expect(status).toBe(400);
    expect(error?.code).toBe(code);
  });
});
