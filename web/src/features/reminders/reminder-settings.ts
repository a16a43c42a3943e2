import type { ReminderSettingsRow } from '../../journal/reminder-settings-row.ts';

/**
 * A person's reminder settings as the screen edits them and as
 * `reminder_settings` keeps them (server/db/app/0018_reminders.sql): local
 * wall-clock times 'HH:MM' in `timeZone`, ISO weekdays (1 = Monday).
 */
export interface ReminderSettings {
  times: string[];
  weekdays: number[];
  /** Both set, or neither: one reminder a day at a random minute in between. */
  randomFrom: string | null;
  randomUntil: string | null;
  timeZone: string;
  email: boolean;
  skipIfLoggedLastHour: boolean;
  /** The weekly review reminder (docs/decisions/073): on, its ISO weekday and local time. */
  weeklyReview: boolean;
  reviewDay: number;
  reviewTime: string;
}

export const MAX_REMINDER_TIMES = 6;
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
/** The ISO weekdays' names, Monday (1) first. */
export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/**
 * Nothing saved yet: no times, every day, skip-if-logged on, the browser's
 * zone; the weekly review off, Sunday 18:00 offered (the database's defaults).
 */
export function defaultReminderSettings(timeZone: string): ReminderSettings {
  return {
    times: [],
    weekdays: EVERY_DAY,
    randomFrom: null,
    randomUntil: null,
    timeZone,
    email: false,
    skipIfLoggedLastHour: true,
    weeklyReview: false,
    reviewDay: 7,
    reviewTime: '18:00',
  };
}

export function fromRow(row: ReminderSettingsRow): ReminderSettings {
  return {
    times: row.times,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    randomFrom: row.random_from,
    randomUntil: row.random_until,
    timeZone: row.time_zone,
    email: row.email,
    skipIfLoggedLastHour: row.skip_if_logged_last_hour,
    weeklyReview: row.weekly_review,
    reviewDay: row.review_day,
    reviewTime: row.review_time,
  };
}

/** The columns a save writes: the times in order of the day, the weekdays in order of the week. */
export function toRow(settings: ReminderSettings): ReminderSettingsRow {
  return {
    times: [...settings.times].sort(),
    weekdays: [...settings.weekdays].sort((a, b) => a - b),
    random_from: settings.randomFrom,
    random_until: settings.randomUntil,
    time_zone: settings.timeZone,
    email: settings.email,
    skip_if_logged_last_hour: settings.skipIfLoggedLastHour,
    weekly_review: settings.weeklyReview,
    review_day: settings.reviewDay,
    review_time: settings.reviewTime,
  };
}

/**
 * A time to offer when 'Add a time' is pressed: 09:00 first, then three
 * hours after the latest, never one already there.
 */
export function nextFreeTime(times: readonly string[]): string {
  const minutes = times.map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));
  let candidate = minutes.length === 0 ? 9 * 60 : (Math.max(...minutes) + 180) % (24 * 60);
  const taken = new Set(minutes);
  while (taken.has(candidate)) candidate = (candidate + 60) % (24 * 60);
  const hh = String(Math.floor(candidate / 60)).padStart(2, '0');
  const mm = String(candidate % 60).padStart(2, '0');
  return `${hh}:${mm}`;
}
