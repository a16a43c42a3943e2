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
}

export const DEFAULT_FILTERS: HistoryFilters = {
  minEnergy: 0,
  minEngagement: 0,
  flowOnly: false,
  activity: '',
  tag: '',
  search: '',
};

export function filtersActive(filters: HistoryFilters): boolean {
  return (
    filters.minEnergy > 0 ||
    filters.minEngagement > 0 ||
    filters.flowOnly ||
    filters.activity.trim() !== '' ||
    filters.tag.trim() !== '' ||
    filters.search.trim() !== ''
  );
}
