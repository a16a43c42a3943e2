import type { ReminderSettingsRow } from '../../journal/reminder-settings-row.ts';

export const CSV_COLUMNS = [
  'date',
  'activity',
  'energy',
  'engagement',
  'flow_state',
  'notes',
  // Last, so that files and scripts that read the first six columns still do.
  'tags',
] as const;

/** Between an entry's tags in the CSV's tags column (a tag cannot contain one). */
export const CSV_TAG_SEPARATOR = ';';

/**
 * Bumped when the JSON export changes shape; import reads every version up
 * to it. 2: own questions and each entry's answers (docs/decisions/100), which
 * an app reading only 1 would silently leave out.
 */
export const JSON_EXPORT_VERSION = 2;

export interface ExportedAccount {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Reminder settings in the JSON export: the row of `reminder_settings` as it
 * is. An import reads entries only and leaves these out (docs/product.md 14).
 */
export type ExportedReminders = ReminderSettingsRow;
