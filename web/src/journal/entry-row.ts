// An entry on the wire: the row of the `activities` view (docs/product.md),
// which Look Back shows, an export reads and an import sends back, and the
// entry of an exported file. The app's own shape is entry.ts.

/** The fields every wire shape of an entry carries, named as the database names them. */
interface EntryColumns {
  activity: string;
  /** Whole percentages, 0–100. */
  energy: number;
  engagement: number;
  flow_state: boolean;
  notes: string | null;
}

/** One entry as the `activities` view gives it, and as `import_entries` takes it. */
export interface ActivityRow extends EntryColumns {
  created_at: string;
  /** Tidy spellings in order; [] for none (docs/decisions/038). Absent in files from before tags. */
  tags?: string[] | undefined;
  /**
   * Answers to the person's own questions, question id to answer text; {}
   * for none (docs/decisions/084). Absent in files from before them.
   */
  answers?: Record<string, string> | undefined;
}

/** The view's columns as a supabase-js select list, in that order. */
export const ACTIVITY_ROW_COLUMNS =
  'created_at, activity, energy, engagement, flow_state, notes, tags, answers';

/**
 * One entry as exported and imported: the columns of the CSV, the objects of
 * the JSON. The view's row, its time named `date` (ISO 8601 with an offset,
 * to the microsecond the database keeps) and its tags always there.
 */
export interface ExportedEntry extends EntryColumns {
  date: string;
  tags: string[];
}

/** A row of the view as a file writes it. */
export function exportedEntryOf(row: ActivityRow): ExportedEntry {
  const { activity, energy, engagement, flow_state, notes } = row;
  return {
    date: row.created_at,
    activity,
    energy,
    engagement,
    flow_state,
    notes,
    tags: row.tags ?? [],
  };
}

/** An entry of a file as `import_entries` takes it. */
export function activityRowOf(entry: ExportedEntry): ActivityRow {
  const { activity, energy, engagement, flow_state, notes, tags } = entry;
  return { created_at: entry.date, activity, energy, engagement, flow_state, notes, tags };
}
