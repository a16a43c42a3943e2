import type { Comparison, Suggestion } from './api/get-insights.ts';

export type Measure = 'energy' | 'engagement';

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The 95% interval in words. When it lies on the sentence's side of zero its
 * ends are given as amounts in that direction ("6 to 18" on a "more"
 * sentence, "4 to 14" on a "less" one); otherwise each end says its own
 * direction ("10 lower to 4 higher").
 */
export function intervalWords(
  low: number,
  high: number,
  direction: 'more' | 'less' | 'same',
): string {
  if (direction === 'more' && low >= 0) return `${low} to ${high}`;
  if (direction === 'less' && high <= 0) return `${-high} to ${-low}`;
  const end = (n: number) => (n < 0 ? `${-n} lower` : n > 0 ? `${n} higher` : '0');
  return `${end(low)} to ${end(high)}`;
}

/** What a row names: the activity, the tag as a tag, or the question answered Yes. */
function factorName(c: Comparison): string {
  if (c.kind === 'tag') return `Tagged ${c.name}`;
  if (c.kind === 'question') return `Answered Yes to ${c.name}`;
  return c.name;
}

const REFERENCE: Record<Comparison['reference'], string> = {
  typical_activity: 'your typical activity',
  without_tag: 'entries without it',
  answered_no: 'entries answered No',
};

/**
 * "12 points more energy than your typical activity at the same time of day
 * (95% interval 6 to 18; 34 entries on 21 days)": what was compared with
 * what, how sure, and on how many days. Whole points, as everywhere on the
 * tab (docs/decisions/083).
 */
function difference(measure: Measure, c: Comparison): string {
  const d = Math.round(c.difference);
  const direction = d > 0 ? 'more' : d < 0 ? 'less' : 'same';
  const reference = REFERENCE[c.reference];
  const how =
    direction === 'same'
      ? `about the same ${measure} as ${reference}`
      : `${points(Math.abs(d))} ${direction} ${measure} than ${reference}`;
  const interval = intervalWords(
    Math.round(c.interval_low),
    Math.round(c.interval_high),
    direction,
  );
  return (
    `${how} at the same time of day ` +
    `(95% interval ${interval}; ${entries(c.entries_with)} on ${plural(c.days_with, 'day')})`
  );
}

/** "Walk: 12 points more energy than your typical activity at the same time of day (…)." */
export function comparisonSentence(measure: Measure, c: Comparison): string {
  return `${factorName(c)}: ${difference(measure, c)}.`;
}

/** An unclear row, with how many more days would usually settle it. */
export function unclearSentence(measure: Measure, c: Comparison): string {
  const settle =
    c.more_days === null
      ? ' Too small a difference to settle soon.'
      : ` About ${plural(c.more_days, 'more day')} with it would usually settle it.`;
  return `${comparisonSentence(measure, c)}${settle}`;
}

/** "Do more of Walk: 12 points more energy than …" for "What to try". */
export function suggestionSentence(s: Suggestion): string {
  const verb = s.difference > 0 ? 'Do more of' : 'Try less of';
  const what =
    s.kind === 'tag'
      ? `what you tag ${s.name}`
      : s.kind === 'question'
        ? `what you answer Yes to ${s.name}`
        : s.name;
  return `${verb} ${what}: ${difference(s.measure, s)}.`;
}
