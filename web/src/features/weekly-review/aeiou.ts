import type { WeeklyReviewRow } from '../../journal/weekly-review-row.ts';

type ReflectionField = 'activities' | 'environment' | 'interactions' | 'objects' | 'users';

/**
 * The AEIOU questions of the Good Time Journal (docs/product.md 10.1): each
 * field's label and its one line of help, saying what to notice.
 */
export const AEIOU: ReadonlyArray<{ field: ReflectionField; label: string; help: string }> = [
  {
    field: 'activities',
    label: 'Activities',
    help: 'What were you actually doing, and were you leading, taking part or watching?',
  },
  {
    field: 'environment',
    label: 'Environment',
    help: 'Where were you, and how did the place make you feel?',
  },
  {
    field: 'interactions',
    label: 'Interactions',
    help: 'With whom or what did you interact, and was it new or familiar, formal or casual?',
  },
  {
    field: 'objects',
    label: 'Objects',
    help: 'Which things or devices were you using, and did any of them draw you in?',
  },
  {
    field: 'users',
    label: 'Users',
    help: 'Who else was there, and did they add to the experience or take from it?',
  },
];

/** A review with nothing written or planned yet. */
export function emptyReview(weekStart: string): WeeklyReviewRow {
  return {
    week_start: weekStart,
    activities: '',
    environment: '',
    interactions: '',
    objects: '',
    users: '',
    more_kind: null,
    more_name: null,
    less_kind: null,
    less_name: null,
    how: '',
  };
}
