import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/features/insights/api/get-insights.ts';
import { comparisonSentence } from '../../src/features/insights/comparison-sentences.ts';

const row = (over: Partial<Comparison>): Comparison => ({
  kind: 'activity',
  key: 'reading',
  name: 'Reading',
  entries_with: 12,
  entries_without: 40,
  mean_with: 70,
  mean_without: 52,
  difference: 18,
  interval_low: 8,
  interval_high: 28,
  excludes_zero: true,
  ...over,
});

describe('comparison sentences', () => {
  it('says a tag goes with higher energy, with counts and interval', () => {
    expect(
      comparisonSentence('energy', row({ kind: 'tag', key: 'outside', name: 'outside' })),
    ).toBe(
      'Your energy was 18 points higher on entries tagged outside (12 entries with, 40 without; 95% interval 8 to 28).',
    );
  });

  it('gives a lower difference and its interval as amounts lower', () => {
    expect(
      comparisonSentence(
        'engagement',
        row({ difference: -12.4, interval_low: -19.2, interval_high: -4.6 }),
      ),
    ).toBe(
      'Your engagement was 12 points lower on entries of Reading (12 entries with, 40 without; 95% interval 5 to 19).',
    );
  });

  it('names both directions when the interval includes zero', () => {
    expect(
      comparisonSentence(
        'energy',
        row({ difference: -3, interval_low: -10.2, interval_high: 4.4, excludes_zero: false }),
      ),
    ).toBe(
      'Your energy was 3 points lower on entries of Reading (12 entries with, 40 without; 95% interval 10 lower to 4 higher).',
    );
    expect(
      comparisonSentence('energy', row({ difference: 1, interval_low: -2, interval_high: 4 })),
    ).toBe(
      'Your energy was 1 point higher on entries of Reading (12 entries with, 40 without; 95% interval 2 lower to 4 higher).',
    );
  });

  it('says about the same when the difference rounds to zero', () => {
    expect(
      comparisonSentence('energy', row({ difference: 0.3, interval_low: -5, interval_high: 5.6 })),
    ).toBe(
      'Your energy was about the same on entries of Reading (12 entries with, 40 without; 95% interval 5 lower to 6 higher).',
    );
  });
});
