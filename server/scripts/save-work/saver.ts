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
const ANSWERS = ['Bench walk', '72', '64', 'true', 'Measured by the script'];
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
  /** One save of a new entry, as the person. */
  save(): Promise<unknown>;
  /** The mean ms of `count` saves. */
  msPerSave(count: number): Promise<number>;
  close(): Promise<void>;
}

/** A database from the image with `before` run on it, and a person who saves. */
export async function openSaver(image: Blob, before: string[] = []): Promise<Saver> {
  const db = await PGlite.create({ loadDataDir: image });
  for (const sql of before) await db.exec(sql);
  const userId = randomUUID();
  await db.query(`INSERT INTO auth.users (id, email) VALUES ($1, 'saver@example.com')`, [userId]);
  const questions = (
    await db.query<{ id: number }>(
      `SELECT q.id FROM public.questions q JOIN public.pages p ON p.id = q.page_id
       WHERE p.name = 'good_time_journal' ORDER BY q.id`,
    )
  ).rows.map((row) => row.id);
  await db.exec(`PREPARE save AS ${SAVE}`);
  const claims = literal(JSON.stringify({ sub: userId, role: 'authenticated', aal: 'aal1' }));
  const save = () => {
    const entryKey = randomUUID();
    const body = JSON.stringify(
      questions.map((id, i) => ({
        user_id: userId,
        question_id: id,
        answer: ANSWERS[i],
        entry_key: entryKey,
      })),
    );
    return db.exec(
      `SET LOCAL ROLE authenticated; SELECT set_config('request.jwt.claims', ${claims}, true); ` +
        `EXECUTE save(${literal(body)})`,
    );
  };
  return {
    db,
    save,
    async msPerSave(count) {
      const started = performance.now();
      for (let i = 0; i < count; i++) await save();
      return (performance.now() - started) / count;
    },
    close: () => db.close(),
  };
}
