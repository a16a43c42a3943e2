import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import {
  createSupabaseShapedDatabase,
  type SupabaseShapedDatabase,
} from './helpers/supabase-shaped-database.ts';

// The app migrations must apply unchanged to a hosted Supabase project, and
// there, too, leave nothing readable across users and nothing open to anon,
// whatever Supabase's default privileges grant to every new object.

let database: SupabaseShapedDatabase;
const alice = randomUUID();
const bob = randomUUID();

beforeAll(async () => {
  database = await createSupabaseShapedDatabase();
  await database.db.query(
    `INSERT INTO auth.users (id, aud, role, email) VALUES
       ($1, 'authenticated', 'authenticated', 'alice@example.com'),
       ($2, 'authenticated', 'authenticated', 'bob@example.com')`,
    [alice, bob],
  );
});
afterAll(() => database.drop());

/** Runs fn as PostgREST would for this role and user, then rolls back nothing it did not commit. */
function as<T>(
  role: 'anon' | 'authenticated',
  userId: string | null,
  fn: (tx: Queryable) => Promise<T>,
) {
  return database.db.transaction(async (tx) => {
    await tx.query(role === 'anon' ? 'SET LOCAL ROLE anon' : 'SET LOCAL ROLE authenticated');
    await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
      JSON.stringify(userId ? { sub: userId, role } : { role }),
    ]);
    return fn(tx);
  });
}

async function saveEntry(userId: string, activity: string) {
  await as('authenticated', userId, async (tx) => {
    const { rows } = await tx.query<{ id: number; question: string }>(
      `SELECT q.id, q.question FROM public.questions q
       JOIN public.pages p ON p.id = q.page_id
       WHERE p.name = 'good_time_journal' AND q.active`,
    );
    const id = (question: string) => rows.find((r) => r.question === question)?.id;
    await tx.query(
      `INSERT INTO public.user_answers (user_id, question_id, answer)
       VALUES ($1, $2, $3), ($1, $4, '80'), ($1, $5, '60'), ($1, $6, 'true')`,
      [
        userId,
        id('Activity Description'),
        activity,
        id('Energy Level'),
        id('Engagement Level'),
        id('Flow State'),
      ],
    );
  });
}

describe('the app migrations on a Supabase-shaped database', () => {
  it('apply as they are, in order', () => {
    expect(database.appliedMigrations.length).toBeGreaterThanOrEqual(3);
    expect(database.appliedMigrations[0]).toBe('0001_journal_schema.sql');
  });

  it("let a signed-in person save and read back their own entries, and nobody else's", async () => {
    await saveEntry(alice, 'Running');
    await saveEntry(bob, 'Reading');
    const aliceSees = await as('authenticated', alice, (tx) =>
      tx.query<{ activity: string; energy: number }>(
        'SELECT activity, energy FROM public.activities',
      ),
    );
    expect(aliceSees.rows).toEqual([{ activity: 'Running', energy: 80 }]);
    const bobAnswers = await as('authenticated', bob, (tx) =>
      tx.query<{ user_id: string }>('SELECT DISTINCT user_id FROM public.user_answers'),
    );
    expect(bobAnswers.rows).toEqual([{ user_id: bob }]);
  });

  it('grant anon nothing: no table, view or function in public', async () => {
    const { rows } = await database.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'm', 'p')
         AND (has_table_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
              OR has_any_column_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE'))
       UNION ALL
       SELECT p.oid::regprocedure::text FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace AND has_function_privilege('anon', p.oid, 'EXECUTE')`,
    );
    expect(rows).toEqual([]);
  });

  it('keep row-level security on every table in public', async () => {
    const { rows } = await database.db.query<{ relname: string }>(
      `SELECT relname FROM pg_class
       WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND NOT relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('let authenticated call only functions meant for it, never the internal machinery', async () => {
    const { rows } = await database.db.query<{ fn: string; definer: boolean }>(
      `SELECT p.oid::regprocedure::text AS fn, p.prosecdef AS definer FROM pg_proc p
       WHERE p.pronamespace IN ('public'::regnamespace, 'journal_private'::regnamespace)
         AND has_function_privilege('authenticated', p.oid, 'EXECUTE')
       ORDER BY 1`,
    );
    const callable = rows.map((r) => r.fn);
    expect(callable).toContain('activity_key(text)');
    expect(callable.filter((fn) => fn.startsWith('journal_private.'))).toEqual([]);
  });
});
