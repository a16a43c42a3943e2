/**
 * The root key of every cached answer built from the person's entries: Look
 * Back's pages, Track's suggestions, the insights. Each feature's
 * `api/query-keys.ts` builds its own keys under it, so one invalidation of
 * this key after a save, an edit or a delete refreshes them all, and no
 * feature needs another feature's keys to do it.
 */
export const ACTIVITIES_QUERY_KEY = ['activities'] as const;

/** The journal's questions: the same for everyone, and no save changes them. */
export const JOURNAL_QUESTIONS_QUERY_KEY = ['journal-questions'] as const;

/** The 'Tags' question (docs/decisions/038), likewise. */
export const TAGS_QUESTION_QUERY_KEY = ['tags-question'] as const;

/**
 * The person's own questions (docs/decisions/084): Profile changes them,
 * Track and Look Back read them. Under the activities key, so that they are
 * kept on the device with the entries and Track asks them offline too.
 */
export const ownQuestionsQueryKey = (userId: string) =>
  [...ACTIVITIES_QUERY_KEY, userId, 'own-questions'] as const;
