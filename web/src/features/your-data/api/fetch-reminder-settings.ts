import type { SupabaseClient } from '@supabase/supabase-js';
import { REMINDER_SETTINGS_COLUMNS } from '../../../journal/reminder-settings-row.ts';
import type { ExportedReminders } from '../entry.ts';

/**
 * The person's reminder settings for the JSON export, as the database keeps
 * them (docs/product.md 16), or null when none were saved. Row-level
 * security returns the signed-in person's row only.
 */
export async function fetchReminderSettingsForExport(
  supabase: SupabaseClient,
): Promise<ExportedReminders | null> {
  const { data, error } = await supabase
    .from('reminder_settings')
    .select(REMINDER_SETTINGS_COLUMNS)
    .maybeSingle<ExportedReminders>();
  if (error) throw error;
  return data;
}
