import type { Random } from './random.ts';

// The simulation's model of a person and their journal (docs/decisions/083,
// "The simulation"): several entries a day; a swing shared by all entries of
// a day (sleep, illness, weather); a daily rhythm (mornings higher than late
// evenings); activities logged around their typical hour; tags that come with
// certain activities; a few activities and one tag with real effects on
// energy or engagement, some only before noon; everything else no effect.
// With a second source of randomness, the person also keeps two questions of
// their own (docs/decisions/085): "Caffeine", yes or no with every entry
// (Yes more often before noon, unanswered on one entry in ten), and "Hours
// slept", a number once a day (on the day's first entry, most days), each
// with a known effect on energy that is often none; the other draws are
// those of a journal without them.

export interface Effects {
  energy: number;
  engagement: number;
}

export interface Entry {
  at: Date;
  activity: string;
  energy: number;
  engagement: number;
  tags: string[];
  /** What the activity and each tag added to this entry, the truth. */
  effects: Map<string, Effects>;
  /** The own questions' answers on this entry: null when not asked or not answered. */
  caffeine: boolean | null;
  hoursSlept: number | null;
}

/** The true effects of the own questions on energy (engagement: none). */
export interface QuestionTruth {
  /** Points of energy on an entry answered Yes against one answered No. */
  caffeine: number;
  /** Points of the day's energy per hour slept. */
  hoursSlept: number;
}

/** Each factor's average effect over its entries in a period, by kind and key. */
export interface Truth {
  activity: Map<string, Effects>;
  tag: Map<string, Effects>;
  question: Map<string, Effects>;
}

export interface Person {
  entries: Entry[];
  /** Null when the journal keeps no questions of its own. */
  questions: QuestionTruth | null;
  truthFor(days: number | null): Truth;
}

// name, typical hour, spread in hours, how common
const ACTIVITIES = [
  ['Exercise', 7, 1, 1],
  ['Commute', 8.5, 0.7, 1.5],
  ['Email', 9.5, 1.5, 2],
  ['Deep work', 10.5, 1.5, 2],
  ['Meetings', 12, 2, 2],
  ['Lunch', 12.8, 0.5, 1.2],
  ['Walk', 14, 3, 1],
  ['Chores', 16, 2, 1],
  ['Cooking', 18.5, 0.8, 1.2],
  ['Social', 19.5, 1.5, 0.8],
  ['TV', 21, 1, 1.5],
  ['Reading', 22, 0.8, 1],
] as const;

// tag, chance with each activity (by name), chance otherwise
const TAGS: ReadonlyArray<readonly [string, Record<string, number>, number]> = [
  ['outside', { Walk: 0.85, Exercise: 0.5, Commute: 0.3 }, 0.05],
  ['screen', { TV: 0.9, Email: 0.7, 'Deep work': 0.6, Meetings: 0.3 }, 0.05],
  ['with friends', { Social: 0.9, Lunch: 0.4, Cooking: 0.2 }, 0.03],
  ['caffeine', {}, 0.15],
  ['music', {}, 0.12],
];

interface Effect extends Effects {
  beforeNoonOnly: boolean;
}

const ZERO: Effect = { energy: 0, engagement: 0, beforeNoonOnly: false };
const key = (name: string) => name.toLowerCase();
const clip = (x: number) => Math.max(0, Math.min(100, Math.round(x)));

function drawEffects(rand: Random, noise: boolean): Map<string, Effect> {
  const effects = new Map<string, Effect>();
  if (noise) return effects;
  const sizes = [-20, -15, -12, -10, 10, 12, 15];
  const names = ACTIVITIES.map((a) => a[0] as string);
  // Three activities move energy, two engagement (they may overlap).
  const chosen = [...names].sort(() => rand.next() - 0.5);
  for (const [i, name] of chosen.slice(0, 4).entries()) {
    const e = effects.get(name) ?? { ...ZERO, beforeNoonOnly: rand.chance(0.25) };
    if (i < 3) e.energy = rand.pick(sizes);
    if (i >= 2) e.engagement = rand.pick(sizes);
    effects.set(name, e);
  }
  const tag = rand.pick(TAGS)[0];
  effects.set(`#${tag}`, {
    energy: rand.pick([-10, -8, 8, 10]),
    engagement: rand.chance(0.5) ? rand.pick([-8, 8]) : 0,
    beforeNoonOnly: rand.chance(0.25),
  });
  return effects;
}

function drawQuestions(rand: Random, noise: boolean): QuestionTruth {
  if (noise) return { caffeine: 0, hoursSlept: 0 };
  return {
    caffeine: rand.pick([0, 0, -10, -6, 6, 10]),
    hoursSlept: rand.pick([0, 0, -3, 1.5, 3]),
  };
}

export function drawPerson(
  rand: Random,
  {
    weeks,
    now,
    noise,
    questionRand,
  }: { weeks: number; now: Date; zone: string; noise: boolean; questionRand?: Random | undefined },
): Person {
  const effects = drawEffects(rand, noise);
  const questions = questionRand ? drawQuestions(questionRand, noise) : null;
  const weights = ACTIVITIES.map((a) => a[3] * Math.exp(0.5 * rand.normal()));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickActivity = () => {
    let u = rand.next() * total;
    for (const [i, w] of weights.entries()) if ((u -= w) < 0) return ACTIVITIES[i]!;
    return ACTIVITIES[ACTIVITIES.length - 1]!;
  };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const entries: Entry[] = [];
  // The days Hours slept was answered, by day number since 1970.
  const sleptByDay = new Map<number, number>();
  for (let daysAgo = weeks * 7; daysAgo >= 1; daysAgo--) {
    if (rand.chance(0.1)) continue; // a day without entries
    const dayStart = today - daysAgo * 86_400_000;
    const daySwing = { energy: 10 * rand.normal(), engagement: 8 * rand.normal() };
    const count = 2 + Math.floor(rand.next() * 7);
    // Hours slept: 5 to 9 by halves, answered on most days, moving the day.
    const slept = questionRand ? 5 + Math.round(questionRand.next() * 8) / 2 : 7;
    const sleptEffect = questions ? questions.hoursSlept * (slept - 7) : 0;
    if (questionRand && questionRand.chance(0.85)) sleptByDay.set(dayStart / 86_400_000, slept);
    const taken = new Set<number>();
    for (let n = 0; n < count; n++) {
      const [name, typical, spread] = pickActivity();
      const hour = Math.min(23.9, Math.max(5.5, typical + spread * rand.normal()));
      const minute = Math.floor(hour * 60);
      if (taken.has(minute)) continue; // one entry a minute
      taken.add(minute);
      const tags = TAGS.filter(([, withActivity, otherwise]) =>
        rand.chance(withActivity[name] ?? (otherwise === 0.15 && hour < 12 ? 0.35 : otherwise)),
      ).map(([tag]) => tag);
      const applied = new Map<string, Effects>();
      const apply = (factor: string, e: Effect | undefined) => {
        const on = e && (!e.beforeNoonOnly || hour < 12);
        applied.set(factor, on ? { energy: e.energy, engagement: e.engagement } : ZERO);
      };
      apply(name, effects.get(name));
      for (const tag of tags) apply(`#${tag}`, effects.get(`#${tag}`));
      const added = [...applied.values()].reduce(
        (a, e) => ({ energy: a.energy + e.energy, engagement: a.engagement + e.engagement }),
        { energy: 0, engagement: 0 },
      );
      // Caffeine: Yes more often before noon, so that the time of day could
      // pass for its effect; unanswered now and then.
      const caffeine =
        questionRand && !questionRand.chance(0.1)
          ? questionRand.chance(hour < 12 ? 0.5 : 0.2)
          : null;
      const own = sleptEffect + (caffeine && questions ? questions.caffeine : 0);
      // Mornings higher than late evenings, a peak mid-morning.
      const rhythm = Math.cos((2 * Math.PI * (hour - 10)) / 24);
      entries.push({
        at: new Date(dayStart + minute * 60_000 + Math.floor(rand.next() * 60_000)),
        activity: name,
        energy: clip(50 + daySwing.energy + 10 * rhythm + added.energy + own + 12 * rand.normal()),
        engagement: clip(
          50 + daySwing.engagement + 6 * rhythm + added.engagement + 12 * rand.normal(),
        ),
        tags,
        effects: applied,
        caffeine,
        hoursSlept: null,
      });
    }
  }
  // Hours slept on the day's first entry, in time order.
  if (questionRand) {
    const firstOf = new Map<number, Entry>();
    for (const entry of entries) {
      const day = Math.floor(entry.at.getTime() / 86_400_000);
      const first = firstOf.get(day);
      if (!first || entry.at < first.at) firstOf.set(day, entry);
    }
    for (const [day, entry] of firstOf) {
      const answer = sleptByDay.get(day);
      if (answer !== undefined) entry.hoursSlept = answer;
    }
  }
  return {
    entries,
    questions,
    truthFor(days) {
      const from = days === null ? -Infinity : today - (days - 1) * 86_400_000;
      const sums = new Map<string, { energy: number; engagement: number; n: number }>();
      for (const entry of entries) {
        if (entry.at.getTime() < from) continue;
        for (const [factor, e] of entry.effects) {
          const s = sums.get(factor) ?? { energy: 0, engagement: 0, n: 0 };
          s.energy += e.energy;
          s.engagement += e.engagement;
          s.n++;
          sums.set(factor, s);
        }
      }
      const truth: Truth = { activity: new Map(), tag: new Map(), question: new Map() };
      if (questions) truth.question.set('caffeine', { energy: questions.caffeine, engagement: 0 });
      for (const [factor, s] of sums) {
        const average = { energy: s.energy / s.n, engagement: s.engagement / s.n };
        if (factor.startsWith('#')) truth.tag.set(key(factor.slice(1)), average);
        else truth.activity.set(key(factor), average);
      }
      return truth;
    },
  };
}
