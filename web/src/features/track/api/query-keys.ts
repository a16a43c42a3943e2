import { ACTIVITIES_QUERY_KEY } from '../../../lib/activities-query-key.ts';

/** Track's cached queries. */
export const trackQueryKeys = {
  /** The person's own activity names; under the activities key, so a save refreshes them too. */
  suggestions: (userId: string) => [...ACTIVITIES_QUERY_KEY, userId, 'suggestions'] as const,
  /** The journal's active questions: the same for everyone, and no save changes them. */
  journalQuestions: () => ['journal-questions'] as const,
  /** The 'Tags' question, likewise. */
  tagsQuestion: () => ['tags-question'] as const,
};
