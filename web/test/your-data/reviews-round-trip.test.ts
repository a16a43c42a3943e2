import { describe, expect, it } from 'vitest';
import { fetchAllReviews } from '../../src/features/your-data/api/fetch-all-reviews.ts';
import { importReviews } from '../../src/features/your-data/api/import-reviews.ts';
import { entriesToCsv, entriesToJson } from '../../src/features/your-data/format-export.ts';
import { checkImportFile, problemText } from '../../src/features/your-data/parse-import.ts';
import type { WeeklyReviewRow } from '../../src/journal/weekly-review-row.ts';
import { emptyReview } from '../../src/features/weekly-review/aeiou.ts';
import { signUpAppUser } from '../support/users.ts';

// Weekly reviews (docs/decisions/071) go out with the JSON export and come
// back with its import, through the app's own client and the real server:
// the longest texts, U+2028 and emoji exactly as they were. A CSV stays
// entries only.

const account = { email: 'x@example.test', first_name: '', last_name: '' };
const WORST = '🙂\u2028\u2029"\\\n\r\t👩‍💻é';
/** At the database's bound: 2000 characters as it counts them (an emoji is one). */
const longest = (length: number) => [...WORST.repeat(length)].slice(0, length).join('');

const reviews: WeeklyReviewRow[] = [
  { ...emptyReview('1900-01-01'), how: 'the oldest week there is' },
  {
    week_start: '2026-03-09',
    activities: longest(2000),
    environment: longest(2000),
    interactions: longest(2000),
    objects: longest(2000),
    users: longest(2000),
    more_kind: 'activity',
    more_name: longest(500),
    less_kind: 'tag',
    less_name: '🙂'.repeat(40),
    how: longest(2000),
  },
];

describe('weekly reviews in the export and import', () => {
  it('come back field by field from the JSON export; importing again adds none', async () => {
    const user = await signUpAppUser('reviews-roundtrip');
    expect(await importReviews(user.supabase, reviews)).toBe(2);
    const exported = await fetchAllReviews(user.supabase);
    expect(exported).toEqual(reviews);

    const file = entriesToJson(account, [], new Date('2026-03-16T00:00:00Z'), null, exported);
    const { error } = await user.supabase
      .from('weekly_reviews')
      .delete()
      .gte('week_start', '1900-01-01');
    expect(error).toBeNull();
    expect(await fetchAllReviews(user.supabase)).toEqual([]);

    const check = checkImportFile(file);
    expect(check.problems).toEqual([]);
    expect(check.reviews).toEqual(reviews);
    expect(await importReviews(user.supabase, check.reviews)).toBe(2);
    expect(await fetchAllReviews(user.supabase)).toEqual(reviews);
    // A week already reviewed keeps its review.
    expect(await importReviews(user.supabase, check.reviews)).toBe(0);
  });

  it('stay out of the CSV, and a wrong one is named by its line', () => {
    expect(entriesToCsv([])).toBe('date,activity,energy,engagement,flow_state,notes,tags\r\n');
    const file = entriesToJson(account, [], new Date(), null, [
      reviews[0]!,
      { ...reviews[0]!, week_start: '2026-03-10' },
      { ...reviews[0]!, week_start: '2026-03-16', more_kind: 'tag', more_name: 'x'.repeat(41) },
      { ...reviews[0]!, week_start: '2026-03-23', how: 'x'.repeat(2001) },
    ]);
    const check = checkImportFile(file);
    expect(check.reviews.map((r) => r.week_start)).toEqual(['1900-01-01']);
    const lineOf = (text: string) => file.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(check.problems.map(problemText)).toEqual([
      `line ${lineOf('2026-03-10')}: review: week_start "2026-03-10" is not a Monday (YYYY-MM-DD)`,
      `line ${lineOf('2026-03-16')}: review: Do more of must name a tag of 1 to 40 characters`,
      `line ${lineOf('2026-03-23')}: review: how must be a text of at most 2000 characters`,
    ]);
  });
});
