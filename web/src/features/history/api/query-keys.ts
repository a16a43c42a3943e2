import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';
import type { HistoryFilters } from '../filters.ts';

/** Look Back's cached queries, under the activities key so that any saved change refreshes them. */
export const historyQueryKeys = {
  /** One filtered list, page by page. */
  list: (userId: string, filters: HistoryFilters) =>
    [...ACTIVITIES_QUERY_KEY, userId, filters] as const,
  /** Whether the person has recorded anything at all. */
  anyActivity: (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'any'] as const,
};
