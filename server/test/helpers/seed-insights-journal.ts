import type { Queryable } from '../../src/db/database.ts';

/** Names and tags of the journal Insights is measured on (docs/decisions/039, 047). */
export const INSIGHTS_JOURNAL = { names: 40, tags: 30 };

/**
 * A journal shaped like a real one for Insights, written straight into the
 * database: one activity every ~79 minutes going back from now, 40 names in
 * varied spellings, 0 to 3 of 30 tags each (1.5 on average) as the entry's
 * 'Tags' answer. The caller analyzes when it wants fresh statistics.
 */
export async function seedInsightsJournal(
  db: Queryable,
  userId: string,
  activities: number,
): Promise<void> {
  await db.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     SELECT $1, q.id,
            CASE q.question
              WHEN 'Activity Description' THEN
                CASE WHEN i % 7 = 0 THEN 'activity ' || (i % $3) ELSE 'Activity ' || (i % $3) END
              WHEN 'Energy Level' THEN ((i % $3) * 2 + (i * 37) % 21)::text
              WHEN 'Engagement Level' THEN ((i * 53) % 101)::text
              WHEN 'Flow State' THEN (i % 3 = 0)::text
              WHEN 'Tags' THEN
                (SELECT coalesce(jsonb_agg('Tag ' || ((i * 7 + k * 11) % $4)), '[]')::text
                 FROM generate_series(1, i % 4) AS k)
              ELSE 'Notes for ' || i
            END,
            now() - make_interval(mins => i * 79)
     FROM generate_series(1, $2::int) AS i
     CROSS JOIN public.questions q
     JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')`,
    [userId, activities, INSIGHTS_JOURNAL.names, INSIGHTS_JOURNAL.tags],
  );
}
