/**
 * One entry as the `activities` view gives it (docs/product.md): what Look
 * Back shows, what an export reads and what an import sends back.
 */
export interface ActivityRow {
  created_at: string;
  activity: string;
  energy: number;
  engagement: number;
  flow_state: boolean;
  notes: string | null;
  /** Tidy spellings in order; [] for none (docs/decisions/038). Absent in files from before tags. */
  tags?: string[] | undefined;
}

/** The view's columns as a supabase-js select list, in that order. */
export const ACTIVITY_ROW_COLUMNS =
  'created_at, activity, energy, engagement, flow_state, notes, tags';
