import type { Comparison } from './api/get-insights.ts';

export type Measure = 'energy' | 'engagement';

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/**
 * The 95% interval in words. When it lies on the sentence's side of zero its
 * ends are given as amounts in that direction ("8 to 28" on a "higher"
 * sentence, "5 to 19" on a "lower" one); otherwise each end says its own
 * direction ("10 lower to 4 higher").
 */
function intervalWords(low: number, high: number, direction: 'higher' | 'lower' | 'same'): string {
  if (direction === 'higher' && low >= 0) return `${low} to ${high}`;
  if (direction === 'lower' && high <= 0) return `${-high} to ${-low}`;
  const end = (n: number) => (n < 0 ? `${-n} lower` : n > 0 ? `${n} higher` : '0');
  return `${end(low)} to ${end(high)}`;
}

/**
 * "Your energy was 18 points higher on entries tagged outside (12 entries
 * with, 40 without; 95% interval 8 to 28)." Whole points, as everywhere on
 * the tab.
 */
export function comparisonSentence(measure: Measure, c: Comparison): string {
  const difference = Math.round(c.difference);
  const low = Math.round(c.interval_low);
  const high = Math.round(c.interval_high);
  const direction = difference > 0 ? 'higher' : difference < 0 ? 'lower' : 'same';
  const how =
    direction === 'same' ? 'about the same' : `${points(Math.abs(difference))} ${direction}`;
  const entries = c.kind === 'tag' ? `entries tagged ${c.name}` : `entries of ${c.name}`;
  return (
    `Your ${measure} was ${how} on ${entries} ` +
    `(${c.entries_with} entries with, ${c.entries_without} without; ` +
    `95% interval ${intervalWords(low, high, direction)}).`
  );
}
