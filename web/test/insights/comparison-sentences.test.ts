import { describe, expect, it } from 'vitest';
import type { Comparison } from '../../src/features/insights/api/get-insights.ts';
import {
  comparisonSentence,
  suggestionSentence,
  unclearSentence,
} from '../../src/features/insights/comparison-sentences.ts';

const row = (over: Partial<Comparison>): Comparison => ({
  kind: 'activity',
  key: 'walk',
  name: 'Walk',
  reference: 'typical_activity',
  entries_with: 34,
  entries_without: 200,
  days_with: 21,
  days_without: 50,
  difference: 12,
  interval_low: 6,
  interval_high: 18,
  p_value: 0.0002,
  q_value: 0.004,
  excludes_zero: true,
  more_days: null,
  ...over,
});

describe('comparison sentences', () => {
  it('says what an activity was compared with, how sure, and on how many days', () => {
    expect(comparisonSentence('energy', row({}))).toBe(
      'Walk: 12 points more energy than your typical activity at the same time of day (95% interval 6 to 18; 34 entries on 21 days).',
    );
  });

  it('compares a tag with the entries without it', () => {
    expect(
      comparisonSentence(
        'engagement',
        row({
          kind: 'tag',
          name: 'outside',
          reference: 'without_tag',
          difference: -8.6,
          interval_low: -13.2,
          interval_high: -4.4,
          entries_with: 1,
          days_with: 1,
        }),
      ),
    ).toBe(
      'Tagged outside: 9 points less engagement than entries without it at the same time of day (95% interval 4 to 13; 1 entry on 1 day).',
    );
  });

  it('compares an own question answered Yes with the entries answered No', () => {
    const caffeine = row({
      kind: 'question',
      key: '12',
      name: 'Caffeine',
      reference: 'answered_no',
      difference: -9.2,
      interval_low: -12.1,
      interval_high: -6.4,
      entries_with: 70,
      days_with: 35,
    });
    expect(comparisonSentence('energy', caffeine)).toBe(
      'Answered Yes to Caffeine: 9 points less energy than entries answered No at the same time of day (95% interval 6 to 12; 70 entries on 35 days).',
    );
    expect(suggestionSentence({ ...caffeine, measure: 'energy' })).toBe(
      'Try less of what you answer Yes to Caffeine: 9 points less energy than entries answered No at the same time of day (95% interval 6 to 12; 70 entries on 35 days).',
    );
  });

  it('names both directions when the interval includes zero, and says about the same at 0', () => {
    expect(
      comparisonSentence(
        'energy',
        row({ difference: -3, interval_low: -10.2, interval_high: 4.4, excludes_zero: false }),
      ),
    ).toBe(
      'Walk: 3 points less energy than your typical activity at the same time of day (95% interval 10 lower to 4 higher; 34 entries on 21 days).',
    );
    expect(
      comparisonSentence('energy', row({ difference: 0.3, interval_low: -5, interval_high: 5.6 })),
    ).toBe(
      'Walk: about the same energy as your typical activity at the same time of day (95% interval 5 lower to 6 higher; 34 entries on 21 days).',
    );
  });

  it('says how many more days would usually settle an unclear one', () => {
    const unclear = row({
      difference: 4,
      interval_low: -1,
      interval_high: 9,
      excludes_zero: false,
    });
    expect(unclearSentence('energy', { ...unclear, more_days: 1 })).toMatch(
      / About 1 more day with it would usually settle it\.$/,
    );
    expect(unclearSentence('energy', { ...unclear, more_days: 30 })).toMatch(
      / About 30 more days with it would usually settle it\.$/,
    );
    expect(unclearSentence('energy', { ...unclear, more_days: null })).toMatch(
      / Too small a difference to settle soon\.$/,
    );
  });

  it('turns a clear finding into a suggestion', () => {
    expect(suggestionSentence({ ...row({}), measure: 'energy' })).toBe(
      'Do more of Walk: 12 points more energy than your typical activity at the same time of day (95% interval 6 to 18; 34 entries on 21 days).',
    );
    expect(
      suggestionSentence({
        ...row({
          kind: 'tag',
          name: 'screen',
          reference: 'without_tag',
          difference: -9,
          interval_low: -14,
          interval_high: -4,
        }),
        measure: 'energy',
      }),
    ).toBe(
      'Try less of what you tag screen: 9 points less energy than entries without it at the same time of day (95% interval 4 to 14; 34 entries on 21 days).',
    );
  });
});
