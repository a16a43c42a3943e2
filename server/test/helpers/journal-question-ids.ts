import type { Queryable } from '../../src/db/database.ts';

/**
 * The journal's active questions read straight from the database, for tests
 * that write answers in SQL rather than through the data API: question text → id.
 */
export async function journalQuestionIds(db: Queryable): Promise<(question: string) => number> {
  const { rows } = await db.query<{ id: number; question: string }>(
    `SELECT q.id, q.question FROM public.questions q
     JOIN public.pages p ON p.id = q.page_id
     WHERE p.name = 'good_time_journal' AND q.active`,
  );
  return (question) => {
    const row = rows.find((r) => r.question === question);
    if (!row) throw new Error(`the journal has no active question '${question}'`);
    return row.id;
  };
}
