export interface HistoryFilters {
  /** Whole percentages, 0–100. */
  minEnergy: number;
  minEngagement: number;
  flowOnly: boolean;
  /** One activity's name, matched as the database groups names (activity_key). */
  activity: string;
}

export const DEFAULT_FILTERS: HistoryFilters = {
  minEnergy: 0,
  minEngagement: 0,
  flowOnly: false,
  activity: '',
};

export function filtersActive(filters: HistoryFilters): boolean {
  return (
    filters.minEnergy > 0 ||
    filters.minEngagement > 0 ||
    filters.flowOnly ||
    filters.activity.trim() !== ''
  );
}
