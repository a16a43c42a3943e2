import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';

/** Track's cached queries. */
export const trackQueryKeys = {
  /** The person's own activity names; under the activities key, so a save refreshes them too. */
  suggestions: (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'suggestions'] as const,
  /** What Log again offers; likewise under the activities key, so a save refreshes it. */
  logAgain: (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'log-again'] as const,
  /**
   * Track's 'On this day' for one local date: under the activities key, so an
   * edit or import refreshes it; by date, so a page open past midnight asks again.
   */
  onThisDay: (userId: string, date: string) =>
    [...ACTIVITIES_QUERY_KEY, userId, 'on-this-day', date] as const,
};
