import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_ROWS } from '../../src/rest/query-limits.ts';
import { seedHistory } from '../helpers/seed-history.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { expectRefusedResponse } from './fixtures.ts';

// The bound on the bytes of one answer (ADR 086): a column named twice in
// select= is refused before any SQL runs, and an answer past MAX_ANSWER_BYTES
// is refused by the database with 400 PT400, for a read, a function and a
// write alike; the export's page of entries at the longest texts fits.

const server = await serverForFile();
// Made before the server's first data request, so the schema cache sees them.
await server.database.db.exec(`
  CREATE FUNCTION public.text_of_bytes(bytes integer) RETURNS text
    LANGUAGE sql IMMUTABLE AS $$ SELECT repeat('x', bytes) $$;
  CREATE TABLE public.answer_size_marks (id integer PRIMARY KEY);
  GRANT SELECT ON public.answer_size_marks TO authenticated;
  CREATE FUNCTION public.mark_and_answer(id integer, bytes integer) RETURNS text
    LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = '' AS $$
      INSERT INTO public.answer_size_marks VALUES (id);
      SELECT repeat('x', bytes)
    $$;
`);
const user = await signedInClient(server, 'answer-size');

// A character the database stores in one byte and JSON writes as six
// (\\u0001): the most bytes of answer per stored character.
const WIDEST = '\u0001';
const LONGEST_ACTIVITY = 500;
const LONGEST_NOTES = 2000;
// The export's columns (web/src/journal/entry-row.ts ACTIVITY_ROW_COLUMNS).
const EXPORT_COLUMNS = 'created_at,activity,energy,engagement,flow_state,notes,tags';

const headers = {
  apikey: server.anonKey,
  authorization: `Bearer ${user.accessToken}`,
};
const get = (path: string) => fetch(`${server.url}/rest/v1/${path}`, { headers });
const namedTwice = (column: string) => ({
  code: 'PGRST100',
  message: 'Column named more than once in select',
  details: `'${column}' is named more than once; a select may name each column once, * counting as all of them`,
});
const tooLarge = (held: number) => ({
  code: 'PT400',
  message: 'The answer is too large',
  details: `An answer may hold at most ${MAX_ANSWER_BYTES} bytes of JSON; this one held ${held}`,
  hint: 'Ask for fewer rows (limit) or fewer columns (select)',
});

describe('a column named twice in select', () => {
  it('is refused with a 400 naming the column, through supabase-js', async () => {
    const { status, error } = await user.client.from('activities').select('notes, energy, notes');
    expect(status).toBe(400);
    expect(error).toMatchObject(namedTwice('notes'));
  });

  it('is refused beside *, which names it already, and for a write returning rows', async () => {
    await expectRefusedResponse(await get('activities?select=*,notes'), 400, namedTwice('notes'));
    await expectRefusedResponse(await get('activities?select=*,*'), 400, namedTwice('user_id'));
    const { status, error } = await user.client
      .from('push_subscriptions')
      .delete()
      .eq('user_id', user.userId)
      .select('id,id');
    expect(status).toBe(400);
    expect(error).toMatchObject(namedTwice('id'));
  });

  it('each column once is answered as before', async () => {
    const { error } = await user.client.from('activities').select('notes, energy').limit(1);
    expect(error).toBeNull();
  });
});

describe('the bytes of one answer', () => {
  beforeAll(async () => {
    await seedHistory(server.database.db, user.userId, MAX_ROWS);
    await server.database.db.query(
      `UPDATE public.user_answers a
       SET answer = CASE q.question WHEN 'Activity Description' THEN $2 ELSE $3 END
       FROM public.questions q
       WHERE q.id = a.question_id AND a.user_id = $1
         AND q.question IN ('Activity Description', 'Activity Notes')`,
      [user.userId, WIDEST.repeat(LONGEST_ACTIVITY), WIDEST.repeat(LONGEST_NOTES)],
    );
  }, 120_000);

  it("answers the export's page of entries at the longest, widest texts", async () => {
    const res = await get(`activities?select=${EXPORT_COLUMNS}&order=created_at&limit=${MAX_ROWS}`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toHaveLength(MAX_ROWS);
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_ANSWER_BYTES);
  });

  it('refuses a read whose answer would pass the bound, with a 400 saying why', async () => {
    const res = await get(`activities?select=*&limit=${MAX_ROWS}`);
    expect(res.status).toBe(400);
    const error = (await res.json()) as { code: string; details: string };
    expect(error).toMatchObject({ code: 'PT400', message: 'The answer is too large' });
    const held = Number(/held (\d+)$/.exec(error.details)?.[1]);
    expect(held).toBeGreaterThan(MAX_ANSWER_BYTES);
    expect(error).toMatchObject(tooLarge(held));
  });

  it('refuses a function whose answer would pass the bound, and answers one just inside', async () => {
    // A text answer is its JSON string: two quotes around the bytes.
    const inside = await get(`rpc/text_of_bytes?bytes=${MAX_ANSWER_BYTES - 2}`);
    expect(inside.status).toBe(200);
    expect((await inside.text()).length).toBe(MAX_ANSWER_BYTES);
    const { status, error } = await user.client.rpc('text_of_bytes', {
      bytes: MAX_ANSWER_BYTES - 1,
    });
    expect(status).toBe(400);
    expect(error).toMatchObject(tooLarge(MAX_ANSWER_BYTES + 1));
  });

  it('rolls back the writes of a call whose answer is refused', async () => {
    const refused = await user.client.rpc('mark_and_answer', { id: 1, bytes: MAX_ANSWER_BYTES });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('PT400');
    const kept = await user.client.rpc('mark_and_answer', { id: 2, bytes: 10 });
    expect(kept.error).toBeNull();
    const { data } = await user.client.from('answer_size_marks').select('id');
    expect(data).toEqual([{ id: 2 }]);
  });
});
