import { describe, expect, it } from 'vitest';
import { checkSentence } from '../../src/features/weekly-review/plan-sentences.ts';
import { reviewWeekInAddress } from '../../src/features/weekly-review/review-address.ts';
import {
  mondayOf,
  reviewPath,
  weekHeading,
  weekOf,
} from '../../src/features/weekly-review/weeks.ts';

// Weeks run Monday to Sunday (docs/product.md 10.1); a review's address names
// its week; last week's plan is checked in one sentence a choice.

const WEDNESDAY = new Date(2026, 2, 11, 12, 0);

describe('weeks', () => {
  it('start on Monday, whatever day is given, across months and years', () => {
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(mondayOf('2026-03-01')).toBe('2026-02-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('are named for people', () => {
    expect(weekHeading('2026-03-09')).toBe('Your week: 9 March 2026 to 15 March 2026');
    expect(weekOf('2026-12-28')).toBe('Week of 28 December 2026');
  });

  it('are opened by their address: this week’s without a date', () => {
    expect(reviewWeekInAddress('/insights/review', WEDNESDAY)).toBe('2026-03-09');
    expect(reviewWeekInAddress('/Insights/Review/', WEDNESDAY)).toBe('2026-03-09');
    expect(reviewWeekInAddress('/insights/review/2026-03-04', WEDNESDAY)).toBe('2026-03-02');
    for (const path of [
      '/insights',
      '/insights/review/2026-02-30',
      '/insights/review/1899-12-25',
      '/insights/review/next',
      '/insights/reviews',
    ]) {
      expect(reviewWeekInAddress(path, WEDNESDAY), path).toBeUndefined();
    }
    expect(reviewPath('2026-03-09', WEDNESDAY)).toBe('/insights/review');
    expect(reviewPath('2026-03-02', WEDNESDAY)).toBe('/insights/review/2026-03-02');
  });
});

describe('last week’s plan, checked', () => {
  it('reads as docs/product.md 10.1 says', () => {
    const check = {
      plan: 'more' as const,
      kind: 'activity' as const,
      name: 'Walk outside',
      entries: 4,
      avg_energy: 85,
      entries_before: 2,
      avg_energy_before: 75,
    };
    expect(checkSentence(check)).toBe(
      'Walk outside: 4 entries this week (2 the week before), average energy 85% (75%)',
    );
    expect(
      checkSentence({ ...check, kind: 'tag', name: 'outside', entries: 1, avg_energy: 72.5 }),
    ).toBe('outside (tag): 1 entry this week (2 the week before), average energy 73% (75%)');
    expect(
      checkSentence({
        ...check,
        entries: 0,
        avg_energy: null,
        entries_before: 0,
        avg_energy_before: null,
      }),
    ).toBe('Walk outside: 0 entries this week (0 the week before)');
    expect(checkSentence({ ...check, entries: 0, avg_energy: null })).toBe(
      'Walk outside: 0 entries this week (2 the week before), average energy none (75%)',
    );
  });
});
