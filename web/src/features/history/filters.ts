export interface HistoryFilters {
  /** Whole percentages, 0–100. */
  minEnergy: number;
  minEngagement: number;
  flowOnly: boolean;
  /** One activity's name, matched as the database groups names (activity_key). */
  activity: string;
  /** One tag, matched by its key (case and whitespace aside). */
  tag: string;
  /** Words typed in the search field, found in the activity, notes or tags. */
  search: string;
  /** One local date, YYYY-MM-DD (from Insights' Year in pixels); '' for every day. */
  day: string;
}

export const DEFAULT_FILTERS: HistoryFilters = {
  minEnergy: 0,
  minEngagement: 0,
  flowOnly: false,
  activity: '',
  tag: '',
  search: '',
  day: '',
};

export function filtersActive(filters: HistoryFilters): boolean {
  return (
    filters.minEnergy > 0 ||
    filters.minEngagement > 0 ||
    filters.flowOnly ||
    filters.activity.trim() !== '' ||
    filters.tag.trim() !== '' ||
    filters.search.trim() !== '' ||
    filters.day !== ''
  );
}

/**
 * The instants a local date starts and ends at in this browser's zone (a day
 * may be 23 or 25 hours long), or undefined for text that names no date.
 */
export function dayBounds(day: string): { from: string; to: string } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const from = new Date(year, month - 1, date);
  const to = new Date(year, month - 1, date + 1);
  if (Number.isNaN(from.getTime()) || from.getDate() !== date) return undefined;
  return { from: from.toISOString(), to: to.toISOString() };
}
