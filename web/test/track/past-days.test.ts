import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBounds } from '../../src/features/history/filters.ts';
import { localDayRange, monthAgo, yearAgo } from '../../src/features/track/past-days.ts';

// The days "On this day" and Look Back's day filter ask for, in the
// browser's zone: Berlin here, whose 30 March 2025 has 23 hours.
const savedZone = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'Europe/Berlin';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedZone;
});

describe('On this day', () => {
  it('looks back to the same date, or the last of a shorter month', () => {
    expect(yearAgo(new Date(2026, 2, 14, 9))).toEqual({ year: 2025, month: 3, day: 14 });
    expect(yearAgo(new Date(2028, 1, 29, 9))).toEqual({ year: 2027, month: 2, day: 28 });
    expect(monthAgo(new Date(2026, 2, 31, 9))).toEqual({ year: 2026, month: 2, day: 28 });
    expect(monthAgo(new Date(2026, 0, 15, 9))).toEqual({ year: 2025, month: 12, day: 15 });
  });

  it('asks for the local day, however long it is', () => {
    expect(localDayRange({ year: 2025, month: 3, day: 30 })).toEqual({
      from: '2025-03-29T23:00:00.000Z',
      to: '2025-03-30T22:00:00.000Z',
    });
    expect(dayBounds('2025-10-26')).toEqual({
      from: '2025-10-25T22:00:00.000Z',
      to: '2025-10-26T23:00:00.000Z',
    });
    expect(dayBounds('2025-02-30')).toBeUndefined();
    expect(dayBounds('yesterday')).toBeUndefined();
  });
});
