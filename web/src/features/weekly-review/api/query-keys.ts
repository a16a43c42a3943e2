import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';

/**
 * Every week's look back, under the activities key, so that a saved or
 * edited entry refreshes it; a saved review refreshes them too, being the
 * next week's plan.
 */
const weeks = (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'week-in-review'] as const;

/** The weekly review's cached queries. */
export const weeklyReviewQueryKeys = {
  weeks,
  /** One week's look back in one time zone. */
  week: (userId: string, monday: string, timeZone: string) =>
    [...weeks(userId), monday, timeZone] as const,
  /** The whole notes of one entry, when its flow moment shows only their start. */
  note: (userId: string, createdAt: string) => [...weeks(userId), 'note', createdAt] as const,
  /** The activities and tags a plan may name; a save may add one. */
  choices: (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'plan-choices'] as const,
  /** Every saved review of the person. */
  reviews: (userId: string) => ['weekly-reviews', userId] as const,
};
