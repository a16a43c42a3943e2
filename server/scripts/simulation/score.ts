import type { Truth } from './people.ts';

// Holding one Insights screen against the truth (docs/decisions/083, "The
// simulation"). A clear finding is false when the factor has no effect of
// its own in the period, or when its sign is not the sign of the true
// difference with what the row compares it with: for an activity, the
// average true effect of the activities the screen names as the typical one
// (the screen's own reference; a screen without that list, as the
// comparisons before ADR 083, is held against the middle half of the true
// effects); for a tag, the entries without it.

/** A comparison row of the insights answer, as far as the score reads it. */
export interface Row {
  kind: 'activity' | 'tag';
  key: string;
  difference: number;
  interval_low: number;
  interval_high: number;
  excludes_zero: boolean;
}

type Measure = 'energy' | 'engagement';

export interface ScreenScore {
  clear: number;
  falseClear: number;
  wrongSign: number;
  bigEffects: number;
  /** Real effects of 10 points or more that were not compared at all (too few entries or days). */
  bigNotCompared: number;
  found: number;
  /** False clear findings on tags (the rest are on activities). */
  falseOnTags: number;
  intervals: number;
  covered: number;
}

const ALIKE = 0.5; // points: an average effect this small is no effect

function middleHalfMean(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const k = sorted.length;
  const cut = k < 4 ? 0 : Math.floor(k / 4);
  const middle = sorted.slice(cut, k - cut);
  return middle.reduce((a, b) => a + b, 0) / Math.max(middle.length, 1);
}

export function scoreScreen(
  comparisons: Record<Measure, Row[]>,
  typicalActivities: Record<Measure, Array<{ key: string }>> | undefined,
  truth: Truth,
): ScreenScore {
  const score: ScreenScore = {
    clear: 0,
    falseClear: 0,
    wrongSign: 0,
    bigEffects: 0,
    bigNotCompared: 0,
    found: 0,
    falseOnTags: 0,
    intervals: 0,
    covered: 0,
  };
  for (const measure of ['energy', 'engagement'] as const) {
    const rows = comparisons[measure];
    const own = (row: Row) => truth[row.kind].get(row.key)?.[measure] ?? 0;
    const named = typicalActivities?.[measure];
    const typical = named
      ? named.reduce((sum, a) => sum + (truth.activity.get(a.key)?.[measure] ?? 0), 0) /
        Math.max(named.length, 1)
      : middleHalfMean(rows.filter((r) => r.kind === 'activity').map(own));
    const reference = (row: Row) => (row.kind === 'activity' ? own(row) - typical : own(row));
    for (const row of rows) {
      const target = reference(row);
      score.intervals++;
      if (row.interval_low <= target + 1e-9 && target - 1e-9 <= row.interval_high) score.covered++;
      if (!row.excludes_zero) continue;
      score.clear++;
      const sign = Math.sign(row.difference) === Math.sign(target);
      if (Math.abs(own(row)) < ALIKE || !sign) {
        score.falseClear++;
        if (row.kind === 'tag') score.falseOnTags++;
      }
      if (Math.abs(own(row)) >= ALIKE && !sign) score.wrongSign++;
    }
    for (const kind of ['activity', 'tag'] as const) {
      for (const [key, effects] of truth[kind]) {
        if (Math.abs(effects[measure]) < 10) continue;
        score.bigEffects++;
        const row = rows.find((r) => r.kind === kind && r.key === key);
        if (!row) score.bigNotCompared++;
        if (row?.excludes_zero && Math.sign(row.difference) === Math.sign(reference(row))) {
          score.found++;
        }
      }
    }
  }
  return score;
}

export function summarize(screens: ScreenScore[]) {
  const sum = (f: (s: ScreenScore) => number) => screens.reduce((a, s) => a + f(s), 0);
  const share = (a: number, b: number) => (b === 0 ? 0 : a / b);
  const clear = sum((s) => s.clear);
  const bigEffects = sum((s) => s.bigEffects);
  return {
    clear,
    bigEffects,
    falseShare: share(
      sum((s) => s.falseClear),
      clear,
    ),
    falseOnTagsShare: share(
      sum((s) => s.falseOnTags),
      sum((s) => s.falseClear),
    ),
    notComparedShare: share(
      sum((s) => s.bigNotCompared),
      bigEffects,
    ),
    wrongSignShare: share(
      sum((s) => s.wrongSign),
      clear,
    ),
    foundShare: share(
      sum((s) => s.found),
      bigEffects,
    ),
    coverage: share(
      sum((s) => s.covered),
      sum((s) => s.intervals),
    ),
    peopleWithFalse: share(screens.filter((s) => s.falseClear > 0).length, screens.length),
    peopleWithClear: share(screens.filter((s) => s.clear > 0).length, screens.length),
  };
}
