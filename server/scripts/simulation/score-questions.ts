import type { QuestionTruth } from './people.ts';
import type { Row } from './score.ts';

// Holding what Insights says about a person's own questions against the
// truth (docs/decisions/085, the simulation in docs/benchmark.md):
// - "Caffeine", yes or no with every entry, a row of the held-fixed
//   comparisons of both measures, Yes against No: its true difference is
//   the effect drawn for energy and none for engagement;
// - "Hours slept", once a day, the fit of Your questions: its true slope is
//   the points of the day's energy per hour drawn.
// A clear claim is false when the truth is none or has the other sign.

export interface QuestionScore {
  /** Rows or fits that were shown with an interval. */
  shown: number;
  covered: number;
  clear: number;
  falseClear: number;
  /** Clear on a real effect with the wrong sign. */
  wrongSign: number;
  /** Real effects (energy) that were in the period, and those found clear with the right sign. */
  real: number;
  found: number;
  /** Null truths that were shown, and those called clear. */
  nulls: number;
  nullClear: number;
}

export const emptyQuestionScore = (): QuestionScore => ({
  shown: 0,
  covered: 0,
  clear: 0,
  falseClear: 0,
  wrongSign: 0,
  real: 0,
  found: 0,
  nulls: 0,
  nullClear: 0,
});

function judge(
  score: QuestionScore,
  truth: number,
  shown: { estimate: number; low: number; high: number; clear: boolean } | undefined,
) {
  if (truth !== 0) score.real++;
  if (!shown) return;
  score.shown++;
  if (shown.low <= truth + 1e-9 && truth - 1e-9 <= shown.high) score.covered++;
  if (truth === 0) score.nulls++;
  if (!shown.clear) return;
  score.clear++;
  const rightSign = Math.sign(shown.estimate) === Math.sign(truth);
  if (truth === 0 || !rightSign) score.falseClear++;
  if (truth === 0) score.nullClear++;
  if (truth !== 0 && !rightSign) score.wrongSign++;
  if (truth !== 0 && rightSign) score.found++;
}

/** Caffeine's rows of both measures (kind 'question'). */
export function scoreYesNoRows(
  score: QuestionScore,
  rows: { energy: Row[]; engagement: Row[] },
  truth: QuestionTruth,
): void {
  for (const measure of ['energy', 'engagement'] as const) {
    const row = rows[measure].find((r) => (r.kind as string) === 'question');
    judge(
      score,
      measure === 'energy' ? truth.caffeine : 0,
      row && {
        estimate: row.difference,
        low: row.interval_low,
        high: row.interval_high,
        clear: row.excludes_zero,
      },
    );
  }
}

/** The fit of Hours slept in Your questions, when it is ready. */
export function scoreDayNumber(
  score: QuestionScore,
  fit: { estimate: number; interval_low: number; interval_high: number; clear: boolean } | null,
  truth: QuestionTruth,
): void {
  judge(
    score,
    truth.hoursSlept,
    fit
      ? { estimate: fit.estimate, low: fit.interval_low, high: fit.interval_high, clear: fit.clear }
      : undefined,
  );
}
