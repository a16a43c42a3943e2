/** One entry as exported and imported: the columns of the CSV, the objects of the JSON. */
export interface ExportedEntry {
  /** ISO 8601 with an offset, to the microsecond the database keeps. */
  date: string;
  activity: string;
  /** Whole percentages, 0–100. */
  energy: number;
  engagement: number;
  flow_state: boolean;
  notes: string | null;
  /** Tidy tags in order; [] for none (docs/decisions/038). */
  tags: string[];
}

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

/** Bumped when the JSON export changes shape; import reads every version up to it. */
export const JSON_EXPORT_VERSION = 1;

export interface ExportedAccount {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Reminder settings in the JSON export, the columns of `reminder_settings`.
 * An import reads entries only and leaves these out (docs/product.md 14).
 */
export interface ExportedReminders {
  times: string[];
  weekdays: number[];
  random_from: string | null;
  random_until: string | null;
  time_zone: string;
  email: boolean;
  skip_if_logged_last_hour: boolean;
  /** The weekly review reminder (docs/decisions/073). */
  weekly_review: boolean;
  review_day: number;
  review_time: string;
}
