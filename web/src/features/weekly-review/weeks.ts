import { addDays, todayText } from '../../lib/calendar-days.ts';

// Weeks run Monday to Sunday in the person's time zone (the browser's), and
// are named by their Monday as YYYY-MM-DD, as the database keeps them.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 1 = Monday … 7 = Sunday, for a YYYY-MM-DD date. */
function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week a date falls in. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** This week's Monday on this device. */
export function thisMonday(now: Date = new Date()): string {
  return mondayOf(todayText(now));
}

/** The Monday a YYYY-MM-DD in an address names (any day of its week), or undefined. */
export function mondayInAddress(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const real =
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  // The database keeps weeks from 1900 on (server check_weekly_review).
  return real && y >= 1900 && y <= 9999 ? mondayOf(text) : undefined;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `9 March 2026` for 2026-03-09. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dateFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** `Your week: 9 March 2026 to 15 March 2026` (docs/product.md 10.1). */
export function weekHeading(monday: string): string {
  return `Your week: ${longDate(monday)} to ${longDate(addDays(monday, 6))}`;
}

/** `Week of 9 March 2026`: a past review in the list. */
export function weekOf(monday: string): string {
  return `Week of ${longDate(monday)}`;
}

/** The address of a week's review: this week's is /insights/review. */
export function reviewPath(monday: string, now: Date = new Date()): string {
  return monday === thisMonday(now) ? REVIEW_PATH : `${REVIEW_PATH}/${monday}`;
}

export const REVIEW_PATH = '/insights/review';
