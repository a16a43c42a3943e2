import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';
import { classicLine, clusteredLine, type Point } from './reference-line.ts';
import { t_quantile } from './t-quantile.ts';

// A person's own questions in Insights (docs/decisions/085), through
// insights() as the app calls it: a yes-or-no question asked with every
// entry among the held-fixed comparisons, and "Your questions" for number,
// scale and once-a-day questions, each against a journal whose effects are
// known.

const ZONE = 'UTC';

interface Fit {
  estimate: number;
  interval_low: number;
  interval_high: number;
  degrees_of_freedom: number;
  p_value: number;
  q_value: number;
  clear: boolean;
}
interface Level {
  answer: number;
  days: number;
  entries: number;
  avg_energy: number;
  interval_low: number;
  interval_high: number;
}
interface OwnQuestion {
  id: number;
  question: string;
  answer_type: string;
  asked: string;
  unit: string | null;
  days: number;
  entries: number;
  ready: boolean;
  same_answers: boolean;
  more_days: number;
  more_days_yes: number | null;
  more_days_no: number | null;
  levels: Level[];
  fit: Fit | null;
}
interface Row {
  kind: string;
  key: string;
  name: string;
  reference: string;
  entries_with: number;
  entries_without: number;
  days_with: number;
  difference: number;
  interval_low: number;
  interval_high: number;
  excludes_zero: boolean;
}
interface Answer {
  comparisons: { energy: Row[]; engagement: Row[] };
  own_questions: OwnQuestion[];
  thresholds: Record<string, number>;
}

async function insightsOf(user: SignedInUser, days: number | null): Promise<Answer> {
  const { data, error } = await user.client.rpc('insights', {
    period_days: days,
    time_zone: ZONE,
  });
  expect(error).toBeNull();
  return data as Answer;
}

async function addQuestion(user: SignedInUser, fields: Record<string, unknown>): Promise<number> {
  const { data, error } = await user.client.from('questions').insert(fields).select('id').single();
  expect(error).toBeNull();
  return data!.id as number;
}

/** hour:minute UTC of the day `daysAgo` days before today. */
function at(daysAgo: number, hour: number, minute = 0): string {
  const d = new Date();
  return new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - daysAgo, hour, minute),
  ).toISOString();
}

const covers = (low: number, high: number, truth: number) => low <= truth && truth <= high;

const server = await serverForFile();

describe('a journal with known effects of its own questions', () => {
  // 40 days, four entries a day. Energy = 50 + 3 per hour slept above 7
  // (once a day) + 4 per step of Focus above 3 (each entry) − 9 with
  // Caffeine: Yes (each entry) + a swing shared by the day (sd 4) + noise
  // (sd 5). Glasses of water (each entry) does nothing. Meditated (once a
  // day) is answered on 6 days only. Every fifth day the first entry gives
  // a wrong Hours slept that a later entry of the day corrects: the day's
  // answer is its latest.
  const DAYS = 40;
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const ACTIVITIES = ['Email', 'Walk', 'Reading', 'Cooking'];
  let person: SignedInUser;
  let ids: Record<'caffeine' | 'sleep' | 'water' | 'focus' | 'meditated', number>;
  const sleepPoints: Point[] = [];
  const waterPoints: Point[] = [];
  const focusPoints: Point[] = [];
  let caffeineYes = 0;
  let caffeineNo = 0;
  let all: Answer;

  beforeAll(async () => {
    person = await signedInClient(server, 'own-insights');
    ids = {
      caffeine: await addQuestion(person, {
        question: 'Caffeine',
        answer_type: 'yes_no',
        asked: 'entry',
      }),
      sleep: await addQuestion(person, {
        question: 'Hours slept',
        answer_type: 'number',
        unit: 'h',
        lowest: 0,
        highest: 24,
        asked: 'day',
      }),
      water: await addQuestion(person, {
        question: 'Glasses of water',
        answer_type: 'number',
        asked: 'entry',
      }),
      focus: await addQuestion(person, {
        question: 'Focus',
        answer_type: 'scale',
        label_1: 'scattered',
        label_5: 'sharp',
        asked: 'entry',
      }),
      meditated: await addQuestion(person, {
        question: 'Meditated',
        answer_type: 'yes_no',
        asked: 'day',
      }),
    };
    // A text question is not related to energy.
    await addQuestion(person, { question: 'Where', answer_type: 'text', asked: 'entry' });
    const entries: TimedEntry[] = [];
    for (let daysAgo = DAYS; daysAgo >= 1; daysAgo--) {
      const sleep = 5 + Math.round(next() * 8) / 2; // 5 to 9 hours, by halves
      const swing = 4 * normal();
      const day = String(daysAgo);
      const dayEnergies: number[] = [];
      for (let k = 0; k < 4; k++) {
        const caffeine = next() < 0.4;
        const skipped = (daysAgo * 4 + k) % 7 === 0; // Caffeine left unanswered
        const water = Math.floor(next() * 5);
        const focus = 1 + Math.floor(next() * 5);
        const energy = Math.max(
          0,
          Math.min(
            100,
            Math.round(
              50 + 3 * (sleep - 7) + 4 * (focus - 3) - (caffeine ? 9 : 0) + swing + 5 * normal(),
            ),
          ),
        );
        dayEnergies.push(energy);
        const own: Record<number, string> = {
          [ids.water]: String(water),
          [ids.focus]: String(focus),
        };
        if (!skipped) own[ids.caffeine] = String(caffeine);
        if (!skipped && caffeine) caffeineYes++;
        if (!skipped && !caffeine) caffeineNo++;
        const corrected = daysAgo % 5 === 0;
        if (k === 0) own[ids.sleep] = String(corrected ? sleep + 3 : sleep);
        if (k === 2 && corrected) own[ids.sleep] = String(sleep);
        if (k === 1 && daysAgo <= 6) own[ids.meditated] = String(daysAgo % 2 === 0);
        entries.push({
          activity: ACTIVITIES[(k + daysAgo) % 4]!,
          energy,
          engagement: Math.round(50 + 5 * normal()),
          own,
          at: at(daysAgo, 8 + 4 * k, k),
        });
        waterPoints.push({ day, x: water, y: energy });
        focusPoints.push({ day, x: focus, y: energy });
      }
      sleepPoints.push({ day, x: sleep, y: dayEnergies.reduce((a, b) => a + b, 0) / 4 });
    }
    await logEntries(person.client, person.userId, entries);
    all = await insightsOf(person, null);
  });

  const own = (answer: Answer, id: number) => answer.own_questions.find((q) => q.id === id);

  it('compares Caffeine: Yes with entries answered No, with the rest held fixed', () => {
    const row = all.comparisons.energy.find((r) => r.kind === 'question');
    expect(row).toMatchObject({
      key: String(ids.caffeine),
      name: 'Caffeine',
      reference: 'answered_no',
      entries_with: caffeineYes,
      entries_without: caffeineNo,
      excludes_zero: true,
    });
    expect(row!.difference).toBeLessThan(-5);
    expect(covers(row!.interval_low, row!.interval_high, -9)).toBe(true);
    const engagement = all.comparisons.engagement.find((r) => r.kind === 'question');
    expect(engagement?.excludes_zero).toBe(false);
    expect(all.thresholds).toMatchObject({
      max_compared_questions: 8,
      question_min_days: 10,
      question_min_days_each_answer: 3,
      question_min_level_days: 3,
      question_false_discovery_rate: 0.05,
    });
  });

  it('relates Hours slept, once a day, to the day’s average energy, across days', () => {
    const sleep = own(all, ids.sleep)!;
    const want = classicLine(sleepPoints);
    const margin = t_quantile(DAYS - 2) * want.standardError;
    expect(sleep).toMatchObject({
      question: 'Hours slept',
      asked: 'day',
      unit: 'h',
      days: DAYS,
      ready: true,
      fit: { degrees_of_freedom: DAYS - 2, clear: true },
    });
    expect(sleep.fit!.estimate).toBeCloseTo(want.estimate, 2);
    expect(sleep.fit!.interval_low).toBeCloseTo(want.estimate - margin, 2);
    expect(sleep.fit!.interval_high).toBeCloseTo(want.estimate + margin, 2);
    expect(covers(sleep.fit!.interval_low, sleep.fit!.interval_high, 3)).toBe(true);
  });

  it('relates numbers and scales asked with every entry to the entries, clustered by day', () => {
    const water = own(all, ids.water)!;
    const wantWater = clusteredLine(waterPoints);
    expect(water).toMatchObject({ days: DAYS, entries: DAYS * 4, ready: true, levels: [] });
    expect(water.fit).toMatchObject({ degrees_of_freedom: DAYS - 1, clear: false });
    expect(water.fit!.estimate).toBeCloseTo(wantWater.estimate, 2);
    expect(water.fit!.interval_high - water.fit!.estimate).toBeCloseTo(
      t_quantile(DAYS - 1) * wantWater.standardError,
      2,
    );
    expect(covers(water.fit!.interval_low, water.fit!.interval_high, 0)).toBe(true);

    const focus = own(all, ids.focus)!;
    const wantFocus = clusteredLine(focusPoints);
    expect(focus.fit).toMatchObject({ clear: true });
    expect(focus.fit!.estimate).toBeCloseTo(wantFocus.estimate, 2);
    expect(covers(focus.fit!.interval_low, focus.fit!.interval_high, 4)).toBe(true);
    // The average energy at each step, its interval over the days with it.
    expect(focus.levels.map((l) => l.answer)).toEqual([1, 2, 3, 4, 5]);
    for (const level of focus.levels) {
      const at = focusPoints.filter((p) => p.x === level.answer);
      expect(level.entries).toBe(at.length);
      expect(level.days).toBe(new Set(at.map((p) => p.day)).size);
      expect(level.avg_energy).toBeCloseTo(at.reduce((s, p) => s + p.y, 0) / at.length, 2);
      expect(level.interval_low).toBeLessThan(level.avg_energy);
    }
    expect(focus.levels[4]!.avg_energy).toBeGreaterThan(focus.levels[0]!.avg_energy);
  });

  it('says how many more days a question answered on too few needs', () => {
    expect(own(all, ids.meditated)).toMatchObject({
      answer_type: 'yes_no',
      days: 6,
      ready: false,
      more_days: 4,
      more_days_yes: 0,
      more_days_no: 0,
      fit: null,
    });
    // Text questions and the every-entry yes-or-no are not listed here.
    expect(all.own_questions.map((q) => q.id)).toEqual([
      ids.sleep,
      ids.water,
      ids.focus,
      ids.meditated,
    ]);
  });

  it('follows the period as the rest of the tab does', async () => {
    const last20 = await insightsOf(person, 20);
    // The last 20 calendar days, today included: 19 days with entries.
    expect(own(last20, ids.sleep)).toMatchObject({ days: 19, fit: { degrees_of_freedom: 17 } });
    expect(own(last20, ids.water)).toMatchObject({ days: 19, entries: 76 });
    const last8 = await insightsOf(person, 8);
    expect(own(last8, ids.sleep)).toMatchObject({ days: 7, ready: false, more_days: 3 });
  });

  it('shows a hidden question only while it has something to show', async () => {
    await person.client
      .from('questions')
      .update({ active: false })
      .in('id', [ids.water, ids.meditated]);
    const answer = await insightsOf(person, null);
    expect(answer.own_questions.map((q) => q.id)).toEqual([ids.sleep, ids.water, ids.focus]);
  });
});

describe('journals without own questions', () => {
  it('answer with an empty list, and show nobody else’s', async () => {
    const stranger = await signedInClient(server, 'own-insights-stranger');
    await logEntries(stranger.client, stranger.userId, [
      { activity: 'Walk', energy: 60, engagement: 50, at: at(2, 9) },
    ]);
    const answer = await insightsOf(stranger, null);
    expect(answer.own_questions).toEqual([]);
    expect(answer.comparisons).toEqual({ energy: [], engagement: [] });
    expect(answer.thresholds).toMatchObject({ question_min_days: 10 });
  });
});

describe('a once-a-day yes-or-no question', () => {
  it('compares the days answered Yes with those answered No, and needs both', async () => {
    const person = await signedInClient(server, 'own-insights-yes-no');
    const slept = await addQuestion(person, {
      question: 'Slept well',
      answer_type: 'yes_no',
      asked: 'day',
    });
    // 14 days: Yes on even days, energy 60 then; No on odd days, 50, give or
    // take 2 by entry so that the days differ a little.
    const entries: TimedEntry[] = [];
    for (let d = 1; d <= 14; d++) {
      const yes = d % 2 === 0;
      for (let k = 0; k < 2; k++) {
        entries.push({
          activity: 'Walk',
          energy: (yes ? 60 : 50) + (k === 0 ? 2 : -2) + (d % 3),
          engagement: 50,
          own: k === 0 ? { [slept]: String(yes) } : {},
          at: at(d, 9 + 6 * k),
        });
      }
    }
    await logEntries(person.client, person.userId, entries);
    const answer = await insightsOf(person, null);
    const row = answer.own_questions[0]!;
    expect(row).toMatchObject({
      days: 14,
      ready: true,
      fit: { degrees_of_freedom: 12, clear: true },
    });
    expect(row.fit!.estimate).toBeCloseTo(10 + 0, 0);
    expect(row.levels.map((l) => [l.answer, l.days])).toEqual([
      [0, 7],
      [1, 7],
    ]);
    const shorter = await insightsOf(person, 12);
    // Days 1..11 ago: 11 days, Yes on 5 of them.
    expect(shorter.own_questions[0]).toMatchObject({ days: 11, ready: true });
  });
});
