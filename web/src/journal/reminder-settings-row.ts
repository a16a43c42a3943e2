import type { SupabaseClient } from '@supabase/supabase-js';
import { dataOf } from '../session/data-answer.ts';

/**
 * The person's row of `reminder_settings` (server/db/app/0018_reminders.sql)
 * as supabase-js reads and writes it: the Reminders screen edits it and the
 * JSON export carries it beside the entries (docs/product.md 14 and 16), so
 * both name its columns from here. Local wall-clock times 'HH:MM' in
 * `time_zone`, ISO weekdays (1 = Monday).
 */
export interface ReminderSettingsRow {
  times: string[];
  weekdays: number[];
  /** Both set, or neither: one reminder a day at a random minute in between. */
  random_from: string | null;
  random_until: string | null;
  time_zone: string;
  email: boolean;
  skip_if_logged_last_hour: boolean;
  /** The weekly review reminder (migration 0028, docs/decisions/073): on, ISO weekday, 'HH:MM'. */
  weekly_review: boolean;
  review_day: number;
  review_time: string;
}

/** The row's columns as a supabase-js select list, in that order. */
export const REMINDER_SETTINGS_COLUMNS =
  'times, weekdays, random_from, random_until, time_zone, email, skip_if_logged_last_hour, ' +
  'weekly_review, review_day, review_time';

/**
 * The person's row as the database keeps it, or null when they have saved
 * none: row-level security returns the signed-in person's row only.
 */
export function fetchReminderSettingsRow(
  supabase: SupabaseClient,
): Promise<ReminderSettingsRow | null> {
  return dataOf(
    supabase
      .from('reminder_settings')
      .select(REMINDER_SETTINGS_COLUMNS)
      .maybeSingle<ReminderSettingsRow>(),
  );
}
