import type { Queryable } from '../../src/db/database.ts';

/**
 * Years of journal for one user, written straight into the database: one
 * activity every ~2.4 hours going back from now, five answers each sharing
 * created_at, with varied values (every third one in flow). Then ANALYZE, as
 * the embedded server does every few minutes and autovacuum does on PostgreSQL;
 * `analyze: false` leaves the statistics as they were (stale), as the bench's
 * grown-journal figures need. `texts` gives every entry that activity and
 * those notes instead: written once, not rewritten after (each rewrite
 * derives the entry again).
 */
export async function seedHistory(
  db: Queryable,
  userId: string,
  activities: number,
  {
    analyze = true,
    texts,
  }: { analyze?: boolean; texts?: { activity: string; notes: string } } = {},
) {
  await db.query(
    `INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
     SELECT $1, q.id,
            CASE q.question
              WHEN 'Activity Description' THEN coalesce($3, 'Activity ' || i)
              WHEN 'Energy Level' THEN ((i * 37) % 101)::text
              WHEN 'Engagement Level' THEN ((i * 53) % 101)::text
              WHEN 'Flow State' THEN (i % 3 = 0)::text
              ELSE coalesce($4, 'Notes for ' || i)
            END,
            now() - make_interval(mins => i * 144)
     FROM generate_series(1, $2::int) AS i
     CROSS JOIN public.questions q
     JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'`,
    [userId, activities, texts?.activity ?? null, texts?.notes ?? null],
  );
  if (analyze) await db.exec('ANALYZE');
}
