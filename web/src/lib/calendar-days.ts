// The calendar of one year, for Year in pixels: dates as YYYY-MM-DD (the
// person's local dates, as energy_by_day() names them), built in UTC so that
// no daylight-saving change can skip or repeat a day.

const pad = (n: number) => String(n).padStart(2, '0');

export const dayText = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export interface MonthDays {
  /** 0–11. */
  month: number;
  /** Blank cells before the 1st, so that weeks start on Monday. */
  leadingBlanks: number;
  days: string[];
}

export function monthsOfYear(year: number): MonthDays[] {
  return Array.from({ length: 12 }, (_, month) => {
    const first = new Date(Date.UTC(year, month, 1));
    const count = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return {
      month,
      leadingBlanks: (first.getUTCDay() + 6) % 7,
      days: Array.from({ length: count }, (_, i) =>
        dayText(new Date(Date.UTC(year, month, i + 1))),
      ),
    };
  });
}

/** The date `delta` days from a YYYY-MM-DD date. */
export function addDays(day: string, delta: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return dayText(new Date(Date.UTC(y, m - 1, d + delta)));
}

/** Today's local date on this device. */
export function todayText(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const LONG_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

/** "14 March 2026" (in the reader's own language and order). */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return LONG_DATE.format(new Date(Date.UTC(y, m - 1, d)));
}
