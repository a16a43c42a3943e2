import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';
import type { PeriodId } from '../periods.ts';

/** Insights' cached queries. */
export const insightsQueryKeys = {
  /**
   * One period's numbers in one time zone; under the activities key, so a
   * saved activity refreshes them.
   */
  insights: (userId: string, period: PeriodId, timeZone: string) =>
    [...ACTIVITIES_QUERY_KEY, userId, 'insights', period, timeZone] as const,
  /** One calendar year's days (Year in pixels); refreshed by a save like the rest. */
  energyByDay: (userId: string, year: number, timeZone: string) =>
    [...ACTIVITIES_QUERY_KEY, userId, 'energy-by-day', year, timeZone] as const,
};
