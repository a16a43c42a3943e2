import type { SupabaseClient } from '@supabase/supabase-js';
import { fetchReminderSettingsRow } from '../../../journal/reminder-settings-row.ts';
import type { ExportedReminders } from '../entry.ts';

/**
 * The person's reminder settings for the JSON export, as the database keeps
 * them (docs/product.md 16), or null when none were saved.
 */
export function fetchReminderSettingsForExport(
  supabase: SupabaseClient,
): Promise<ExportedReminders | null> {
  return fetchReminderSettingsRow(supabase);
}
