// One person's saves on in-memory PGlite, migrated as the server migrates
// it, for the scripts that measure the database's share of a save: no HTTP,
// no disk, only what PostgreSQL does for the Track tab's save.
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase } from '../../src/db/embedded/pglite-database.ts';
import { migrate } from '../../src/db/migrate.ts';

// The statement the data API runs for the save (an upsert of the entry's
// answers on its key, duplicates ignored), prepared once as the embedded
// server keeps it (ADR 077), run as the person with their claims.
const SAVE = `WITH _src AS (INSERT INTO public.user_answers (user_id, question_id, answer, entry_key)
  SELECT user_id, question_id, answer, entry_key
  FROM json_to_recordset($1::text::json) AS _b(user_id uuid, question_id bigint, answer text, entry_key uuid)
  ON CONFLICT (user_id, entry_key, question_id) DO NOTHING RETURNING 1)
SELECT count(*) FROM _src`;
/** The answers of one entry, by question text (as the bench's save). */
const ANSWERS: Record<string, string> = {
  'Activity Description': 'Bench walk',
  'Energy Level': '72',
  'Engagement Level': '64',
  'Flow State': 'true',
  'Activity Notes': 'Measured by the script',
};
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A migrated data directory image, to open as many databases as a script compares. */
export async function migratedImage(): Promise<Blob> {
  const db = await createPgliteDatabase(undefined);
  await migrate(db);
  const image = await db.dumpDataDir();
  await db.close();
  return image;
}

export interface Saver {
  db: PGlite;
  /** Runs `sql` in one transaction as the person, with the data API's role and claims. */
  asPerson(sql: string): Promise<unknown>;
  /** One save of a new entry, as the person. */
  save(): Promise<unknown>;
  /** The mean ms of `count` calls of `work` (saves if none is given). */
  msEach(count: number, work?: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** A database from the image with `before` run on it, and a person who saves. */
export async function openSaver(image: Blob, before: string[] = []): Promise<Saver> {
  const db = await PGlite.create({ loadDataDir: image });
  for (const sql of before) await db.exec(sql);
  const userId = randomUUID();
  await db.query(`INSERT INTO auth.users (id, email) VALUES ($1, 'saver@example.com')`, [userId]);
  const questions = (
    await db.query<{ id: number; question: string }>(
      `SELECT q.id, q.question FROM public.questions q JOIN public.pages p ON p.id = q.page_id
       WHERE p.name = 'good_time_journal' AND q.owner_id IS NULL`,
    )
  ).rows.filter((row) => ANSWERS[row.question] !== undefined);
  await db.exec(`PREPARE save AS ${SAVE}`);
  const claims = literal(JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }));
  const asPerson = (sql: string) =>
    db.exec(
      `SET LOCAL ROLE authenticated; SELECT set_config('request.jwt.claims', ${claims}, true); ${sql}`,
    );
  const save = () => {
    const entryKey = randomUUID();
    const body = JSON.stringify(
      questions.map((q) => ({
        user_id: userId,
        question_id: q.id,
        answer: ANSWERS[q.question],
        entry_key: entryKey,
      })),
    );
    return asPerson(`EXECUTE save(${literal(body)})`);
  };
  return {
    db,
    asPerson,
    save,
    async msEach(count, work = save) {
      const started = performance.now();
      for (let i = 0; i < count; i++) await work();
      return (performance.now() - started) / count;
    },
    close: () => db.close(),
  };
}
