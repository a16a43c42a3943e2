export interface HistoryFilters {
  /** Whole percentages, 0–100. */
  minEnergy: number;
  minEngagement: number;
  flowOnly: boolean;
}

export const DEFAULT_FILTERS: HistoryFilters = { minEnergy: 0, minEngagement: 0, flowOnly: false };

export function filtersActive(filters: HistoryFilters): boolean {
  return filters.minEnergy > 0 || filters.minEngagement > 0 || filters.flowOnly;
}
