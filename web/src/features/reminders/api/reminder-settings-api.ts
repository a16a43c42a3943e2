import type { SupabaseClient } from '@supabase/supabase-js';
import {
  fetchReminderSettingsRow,
  REMINDER_SETTINGS_COLUMNS as COLUMNS,
  type ReminderSettingsRow,
} from '../../../journal/reminder-settings-row.ts';
import { dataOf } from '../../../session/data-answer.ts';
import { fromRow, toRow, type ReminderSettings } from '../reminder-settings.ts';

// Reminder settings through the data API, like the journal: row-level
// security gives each person their own row only. The database refuses
// settings the scheduler could not honour with a 400 whose message says what
// to change; that message is what the screen shows.

export const reminderSettingsKey = (userId: string) => ['reminder-settings', userId] as const;

/** The saved settings, or null when the person has saved none. */
export async function fetchReminderSettings(
  supabase: SupabaseClient,
): Promise<ReminderSettings | null> {
  const row = await fetchReminderSettingsRow(supabase);
  return row ? fromRow(row) : null;
}

/** One statement, the first save and every later one alike (user_id is the database's auth.uid()). */
export async function saveReminderSettings(
  supabase: SupabaseClient,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const row = await dataOf(
    supabase
      .from('reminder_settings')
      .upsert(toRow(settings), { onConflict: 'user_id' })
      .select(COLUMNS)
      .single<ReminderSettingsRow>(),
  );
  return fromRow(row);
}

/** The travel prompt's switch: only the zone changes, other edits stay unsaved. */
export async function saveReminderTimeZone(
  supabase: SupabaseClient,
  userId: string,
  timeZone: string,
): Promise<void> {
  const { error } = await supabase
    .from('reminder_settings')
    .update({ time_zone: timeZone })
    .eq('user_id', userId);
  if (error) throw error;
}
