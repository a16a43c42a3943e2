import { ACTIVITIES_QUERY_KEY } from '../../../lib/activities-query-key.ts';
import type { PeriodId } from '../periods.ts';

/** Insights' cached queries. */
export const insightsQueryKeys = {
  /**
   * One period's numbers in one time zone; under the activities key, so a
   * saved activity refreshes them.
   */
  insights: (userId: string, period: PeriodId, timeZone: string) =>
    [...ACTIVITIES_QUERY_KEY, userId, 'insights', period, timeZone] as const,
};
