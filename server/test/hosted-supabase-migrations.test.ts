import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../src/db/database.ts';
import { functionsScript, readFunctionFiles } from '../src/db/function-files.ts';
import { journalQuestionIds } from './helpers/journal-question-ids.ts';
import { appFunctionDefinitions } from './helpers/function-definitions.ts';
import {
  createSupabaseShapedDatabase,
  HOSTED_OWNER,
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

/** A person as hosted GoTrue stores one, with the address `<name>@example.com`; their id. */
async function hostedUser(name: string): Promise<string> {
  const id = randomUUID();
  await database.db.query(
    `INSERT INTO auth.users (id, aud, role, email)
     VALUES ($1, 'authenticated', 'authenticated', $2)`,
    [id, `${name}@example.com`],
  );
  return id;
}

/** The rows one statement reaches, run as this signed-in person. */
async function rowsFor(userId: string, sql: string, params: unknown[] = []): Promise<unknown[]> {
  return (await as('authenticated', userId, (tx) => tx.query(sql, params))).rows;
}

async function saveEntry(userId: string, activity: string) {
  await as('authenticated', userId, async (tx) => {
    const id = await journalQuestionIds(tx);
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

  it('are followed by every function file, as they are, the functions of the files being live', async () => {
    const files = await readFunctionFiles();
    expect(database.appliedFunctionFiles).toEqual(files.map((f) => f.name));
    // The thresholds are in the insights of the file, not in any migration's.
    const { rows } = await as('authenticated', alice, (tx) =>
      tx.query<{ thresholds: unknown }>(
        "SELECT public.insights(NULL, 'UTC') -> 'thresholds' AS thresholds",
      ),
    );
    expect(rows[0]?.thresholds).toEqual({
      min_entries: 3,
      energizer_min_energy: 50,
      max_listed: 5,
      comparison_min_each: 3,
      comparison_min_days: 3,
      false_discovery_rate: 0.05,
      max_compared_activities: 16,
      max_compared_tags: 8,
      max_compared_questions: 8,
      question_min_days: 10,
      question_min_days_each_answer: 3,
      question_min_level_days: 3,
      question_false_discovery_rate: 0.05,
    });
  });

  it('take the functions script again, as an upgrade does, changing nothing', async () => {
    const before = await appFunctionDefinitions(database.db);
    const script = functionsScript(await readFunctionFiles());
    await database.db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL ROLE ${HOSTED_OWNER}`);
      await tx.exec(script);
    });
    expect(await appFunctionDefinitions(database.db)).toEqual(before);
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

  it('let a person tag an entry in its one insert, find it by tag and word, and refuse bad tags', async () => {
    const gina = await hostedUser('gina');
    const tagged = async (userId: string, tags: string) =>
      as('authenticated', userId, async (tx) => {
        const { rows } = await tx.query<{ id: number; question: string }>(
          `SELECT q.id, q.question FROM public.questions q
           JOIN public.pages p ON p.id = q.page_id
           WHERE p.name IN ('good_time_journal', 'entry_context') AND q.active`,
        );
        const id = (question: string) => rows.find((r) => r.question === question)?.id;
        await tx.query(
          `INSERT INTO public.user_answers (user_id, question_id, answer)
           VALUES ($1, $2, 'Hike'), ($1, $3, '90'), ($1, $4, '70'), ($1, $5, 'false'), ($1, $6, $7)`,
          [
            userId,
            id('Activity Description'),
            id('Energy Level'),
            id('Engagement Level'),
            id('Flow State'),
            id('Tags'),
            tags,
          ],
        );
      });
    await tagged(gina, '["Outside", "with Sam"]');
    const found = await as('authenticated', gina, (tx) =>
      tx.query<{ activity: string; tags: string[] }>(
        `SELECT activity, tags FROM public.search_entries(words => 'sa', tag => 'OUTSIDE')`,
      ),
    );
    expect(found.rows).toEqual([{ activity: 'Hike', tags: ['Outside', 'with Sam'] }]);
    const viaView = await as('authenticated', gina, (tx) =>
      tx.query<{ activity: string }>(
        `SELECT activity FROM public.activities
         WHERE tag_keys @> '{with sam}' AND search @@ to_tsquery('simple', 'hike')`,
      ),
    );
    expect(viaView.rows).toEqual([{ activity: 'Hike' }]);
    expect(await rowsFor(bob, `SELECT * FROM public.search_entries(tag => 'outside')`)).toEqual([]);
    await expect(tagged(gina, JSON.stringify(['x'.repeat(41)]))).rejects.toThrow(
      'Tag 1 is longer than 40 characters',
    );
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
    expect(callable).toContain('import_entries(jsonb)');
    expect(callable).toContain('delete_my_account(text)');
    expect(callable).toContain('insights(integer,text)');
    expect(callable).toContain('week_in_review(date,text)');
    expect(callable).toContain('activity_suggestions(integer)');
    expect(callable).toContain('tag_suggestions(text,integer)');
    expect(callable).toContain('log_again_choices()');
    expect(callable).toContain(
      'update_entry(timestamp with time zone,text,integer,integer,boolean,text,timestamp with time zone,text[],jsonb)',
    );
    // Functions that run as their owner check the caller themselves
    // (functions/delete_my_account.sql, functions/search_entries.sql), or say
    // only whether the caller's own session met their second-factor rule (the
    // journal's restrictive policies).
    expect(rows.filter((r) => r.definer).map((r) => r.fn)).toEqual([
      'delete_my_account(text)',
      'journal_private.second_factor_satisfied()',
      'search_entries(text,text,text,integer,integer,boolean,timestamp with time zone,integer)',
    ]);
    // Besides that rule, only what insights(), energy_by_day() and
    // day_answers() run as their caller: checks and arithmetic with no table behind them
    // (functions/require_time_zone.sql, t_quantile_975.sql, …), and the
    // held-fixed comparisons, which read the caller's own entries under
    // row-level security (held_fixed_cells.sql, held_fixed_comparisons.sql),
    // as do Your questions (question_answer_days.sql, question_findings.sql).
    expect(callable.filter((fn) => fn.startsWith('journal_private.'))).toEqual([
      'journal_private.benjamini_hochberg(double precision[])',
      'journal_private.held_fixed_aggregate_parts(text[],text)',
      'journal_private.held_fixed_cells(timestamp with time zone,text,text[])',
      'journal_private.held_fixed_column_test(integer,integer,integer)',
      'journal_private.held_fixed_comparisons(timestamp with time zone,text,text[])',
      'journal_private.held_fixed_contrasts(double precision[],integer,double precision[],double precision[],integer[],integer[],double precision)',
      'journal_private.held_fixed_normal_equations(integer[],integer[],integer[],integer[],integer[],integer[],integer[],integer[],integer,integer,integer)',
      'journal_private.held_fixed_scores(integer[],integer[],integer[],integer[],integer[],integer[],integer[],integer[],integer,integer,integer,double precision[],double precision[])',
      'journal_private.question_answer_days(timestamp with time zone,text,text[],text[])',
      'journal_private.question_findings(timestamp with time zone,text,jsonb,double precision[])',
      'journal_private.require_time_zone(text)',
      'journal_private.second_factor_satisfied()',
      'journal_private.symmetric_inverse(double precision[],integer)',
      'journal_private.t_quantile_975(double precision)',
      'journal_private.t_two_sided_p(double precision,integer)',
      'journal_private.z_for_two_sided_p(double precision)',
    ]);
  });

  it('keep the journal from an aal1 session of a person with a verified factor in GoTrue’s table', async () => {
    const dana = await hostedUser('dana');
    await saveEntry(dana, 'Before two-step');
    await as('authenticated', dana, (tx) =>
      tx.query(
        `INSERT INTO public.weekly_reviews (week_start, how) VALUES ('2026-03-02', 'Reflected')`,
      ),
    );
    await database.db.query(
      `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
       VALUES ($1, $2, 'Phone', 'totp', 'verified', now(), now())`,
      [randomUUID(), dana],
    );
    const read = (aal: string) =>
      database.db.transaction(async (tx) => {
        await tx.query('SET LOCAL ROLE authenticated');
        await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({ sub: dana, role: 'authenticated', aal }),
        ]);
        const { rows } = await tx.query<{ activity: string }>(
          'SELECT activity FROM public.activities',
        );
        return rows.map((r) => r.activity);
      });
    expect(await read('aal1')).toEqual([]);
    expect(await read('aal2')).toEqual(['Before two-step']);
    await expect(saveEntry(dana, 'Forged')).rejects.toThrow(/row-level security/);
    // Weekly reviews are journal too (migration 0025).
    const reviews = (aal: string, sql: string) =>
      database.db.transaction(async (tx) => {
        await tx.query('SET LOCAL ROLE authenticated');
        await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({ sub: dana, role: 'authenticated', aal }),
        ]);
        return (await tx.query<{ how: string }>(sql)).rows.map((r) => r.how);
      });
    const readReviews = 'SELECT how FROM public.weekly_reviews';
    expect(await reviews('aal1', readReviews)).toEqual([]);
    expect(await reviews('aal2', readReviews)).toEqual(['Reflected']);
    await expect(
      reviews(
        'aal1',
        `INSERT INTO public.weekly_reviews (week_start) VALUES ('2026-03-09') RETURNING how`,
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('let a person import entries and delete their own account, which takes their entries along', async () => {
    const carol = randomUUID();
    await database.db.query(
      `INSERT INTO auth.users (id, aud, role, email, encrypted_password)
       VALUES ($1, 'authenticated', 'authenticated', 'carol@example.com', 'hash')`,
      [carol],
    );
    const entry = {
      created_at: '2025-05-01T10:00:00Z',
      activity: 'Walking',
      energy: 60,
      engagement: 70,
      flow_state: false,
      notes: 'x',
    };
    const imported = await as('authenticated', carol, (tx) =>
      tx.query<{ result: unknown }>('SELECT public.import_entries($1::jsonb) AS result', [
        JSON.stringify([entry]),
      ]),
    );
    expect(imported.rows[0]?.result).toEqual({ added: 1, skipped: 0, conflicts: 0 });
    await database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE authenticated');
      await tx.query("SELECT set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({
          sub: carol,
          role: 'authenticated',
          amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        }),
      ]);
      await tx.query('SELECT public.delete_my_account()');
    });
    const left = await database.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM auth.users WHERE id = $1)
            + (SELECT count(*) FROM public.user_answers WHERE user_id = $1)
            + (SELECT count(*) FROM public.activity_entries WHERE user_id = $1) AS n`,
      [carol],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    const others = await database.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM public.user_answers WHERE user_id = ANY($1::uuid[])',
      [[alice, bob]],
    );
    expect(Number(others.rows[0]?.n)).toBeGreaterThan(0);
  });

  it("let a person edit, delete and restore their own entry, and never another's", async () => {
    const dave = await hostedUser('dave');
    await saveEntry(dave, 'To edit');
    // As text: a JavaScript Date would drop the microseconds of the instant.
    const davesTime = (
      await database.db.query<{ created_at: string }>(
        'SELECT created_at::text FROM public.activity_entries WHERE user_id = $1',
        [dave],
      )
    ).rows[0]!.created_at;
    const edit = (userId: string) =>
      as('authenticated', userId, (tx) =>
        tx.query<{ result: { activity: string } }>(
          "SELECT public.update_entry($1, 'Edited', 10, 20, false, NULL, NULL) AS result",
          [davesTime],
        ),
      );
    await expect(edit(alice)).rejects.toThrow('Entry not found');
    const deletedByAlice = await as('authenticated', alice, (tx) =>
      tx.query('DELETE FROM public.user_answers WHERE created_at = $1 RETURNING id', [davesTime]),
    );
    expect(deletedByAlice.rows).toEqual([]);
    expect((await edit(dave)).rows[0]?.result.activity).toBe('Edited');
    // Delete and undo, as the app does: the same rows back at the same time.
    await as('authenticated', dave, async (tx) => {
      const { rows } = await tx.query(
        `DELETE FROM public.user_answers WHERE created_at = $1
         RETURNING user_id, question_id, answer, created_at::text`,
        [davesTime],
      );
      expect(rows).toHaveLength(4);
      for (const row of rows as {
        user_id: string;
        question_id: number;
        answer: string;
        created_at: string;
      }[]) {
        await tx.query(
          'INSERT INTO public.user_answers (user_id, question_id, answer, created_at) VALUES ($1, $2, $3, $4)',
          [row.user_id, row.question_id, row.answer, row.created_at],
        );
      }
    });
    const { rows } = await database.db.query<{ activity: string; energy: number }>(
      'SELECT activity, energy FROM public.activity_entries WHERE user_id = $1 AND created_at = $2',
      [dave, davesTime],
    );
    expect(rows).toEqual([{ activity: 'Edited', energy: 10 }]);
  });

  it('take a re-sent entry once through the statement hosted PostgREST makes of the Track tab’s upsert', async () => {
    const grace = randomUUID();
    const heidi = randomUUID();
    await database.db.query(
      `INSERT INTO auth.users (id, aud, role, email)
       VALUES ($1, 'authenticated', 'authenticated', 'grace@example.com'),
              ($2, 'authenticated', 'authenticated', 'heidi@example.com')`,
      [grace, heidi],
    );
    const key = randomUUID();
    const questionId = (
      await database.db.query<{ id: number }>(
        "SELECT id FROM public.questions WHERE question = 'Activity Description'",
      )
    ).rows[0]!.id;
    // PostgREST's shape: the body as one JSON parameter, read into the
    // table's row type, ON CONFLICT on the on_conflict columns.
    const send = (userId: string, owner: string, resolution: 'DO NOTHING' | 'DO UPDATE') =>
      as('authenticated', userId, (tx) =>
        tx.query(
          `INSERT INTO public.user_answers (user_id, question_id, answer, entry_key)
           SELECT user_id, question_id, answer, entry_key
           FROM json_populate_recordset(NULL::public.user_answers, $1::json) _
           ON CONFLICT (user_id, entry_key, question_id) ${
             resolution === 'DO NOTHING' ? 'DO NOTHING' : 'DO UPDATE SET answer = EXCLUDED.answer'
           }
           RETURNING 1`,
          [
            JSON.stringify([
              { user_id: owner, question_id: questionId, answer: 'Swim', entry_key: key },
            ]),
          ],
        ),
      );
    expect((await send(grace, grace, 'DO NOTHING')).rows).toHaveLength(1);
    expect((await send(grace, grace, 'DO NOTHING')).rows).toHaveLength(0);
    // Another person's identical key is their own; naming Grace as owner is refused.
    expect((await send(heidi, heidi, 'DO NOTHING')).rows).toHaveLength(1);
    await expect(send(heidi, grace, 'DO NOTHING')).rejects.toThrow(/row-level security/);
    // Answers are never updated in place, not even by their owner.
    await expect(send(grace, grace, 'DO UPDATE')).rejects.toThrow(/permission denied/);
    const { rows } = await database.db.query<{ user_id: string; n: string }>(
      'SELECT user_id, count(*) AS n FROM public.user_answers WHERE entry_key = $1 GROUP BY user_id ORDER BY user_id',
      [key],
    );
    expect(rows.map((r) => [r.user_id, Number(r.n)]).sort()).toEqual(
      [
        [grace, 1],
        [heidi, 1],
      ].sort(),
    );
  });

  it('let a person keep reminder settings that nobody else can read or change, and refuse bad ones', async () => {
    await as('authenticated', alice, (tx) =>
      tx.query(
        `INSERT INTO public.reminder_settings (time_zone, times, email)
         VALUES ('Pacific/Auckland', '{08:00}', true)`,
      ),
    );
    expect(await rowsFor(bob, 'SELECT user_id FROM public.reminder_settings')).toEqual([]);
    expect(
      await rowsFor(bob, 'UPDATE public.reminder_settings SET email = false RETURNING user_id'),
    ).toEqual([]);
    await expect(
      rowsFor(bob, `INSERT INTO public.reminder_settings (user_id, time_zone) VALUES ($1, 'UTC')`, [
        alice,
      ]),
    ).rejects.toThrow(/row-level security/);
    await expect(
      rowsFor(bob, `INSERT INTO public.reminder_settings (time_zone) VALUES ('Mars/Base')`),
    ).rejects.toThrow('Unknown time zone: Mars/Base');
    const aliceSees = await as('authenticated', alice, (tx) =>
      tx.query<{ email: boolean }>('SELECT email FROM public.reminder_settings'),
    );
    expect(aliceSees.rows).toEqual([{ email: true }]);
  });

  it('let a person keep weekly reviews that nobody else can read or change, checked in week_in_review', async () => {
    // The statement hosted PostgREST makes of the app's upsert (ADR 071).
    const upsert = (userId: string, how: string) =>
      as('authenticated', userId, (tx) =>
        tx.query(
          `INSERT INTO public.weekly_reviews (week_start, more_kind, more_name, how)
           VALUES ('2026-03-02', 'activity', 'Walk', $1)
           ON CONFLICT (user_id, week_start) DO UPDATE
             SET week_start = excluded.week_start, more_kind = excluded.more_kind,
                 more_name = excluded.more_name, how = excluded.how`,
          [how],
        ),
      );
    await upsert(alice, 'first');
    await upsert(alice, 'again');
    expect(await rowsFor(bob, 'SELECT how FROM public.weekly_reviews')).toEqual([]);
    expect(
      await rowsFor(bob, `UPDATE public.weekly_reviews SET how = 'mine' RETURNING how`),
    ).toEqual([]);
    await expect(
      rowsFor(
        bob,
        `INSERT INTO public.weekly_reviews (user_id, week_start) VALUES ($1, '2026-03-02')`,
        [alice],
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      rowsFor(bob, `INSERT INTO public.weekly_reviews (week_start) VALUES ('2026-03-03')`),
    ).rejects.toThrow("A review's week must start on a Monday");
    const week = (userId: string) =>
      as('authenticated', userId, (tx) =>
        tx.query<{ planned: { how: string } | null }>(
          `SELECT public.week_in_review('2026-03-09', 'Pacific/Pago_Pago') -> 'planned' AS planned`,
        ),
      );
    expect((await week(alice)).rows[0]?.planned).toMatchObject({ how: 'again' });
    expect((await week(bob)).rows[0]?.planned).toBeNull();
  });

  it('let a person keep push subscriptions that nobody else can read or remove, and refuse malformed ones', async () => {
    const subscription = [
      `https://push.example.org/${alice}`,
      'B' + 'A'.repeat(86),
      'A'.repeat(21) + 'Q',
    ];
    await as('authenticated', alice, (tx) =>
      tx.query(
        'INSERT INTO public.push_subscriptions (endpoint, p256dh, auth) VALUES ($1, $2, $3)',
        subscription,
      ),
    );
    expect(await rowsFor(bob, 'SELECT id FROM public.push_subscriptions')).toEqual([]);
    expect(await rowsFor(bob, 'DELETE FROM public.push_subscriptions RETURNING id')).toEqual([]);
    await expect(
      rowsFor(
        bob,
        'INSERT INTO public.push_subscriptions (endpoint, p256dh, auth) VALUES ($1, $2, $3)',
        ['http://push.example.org/x', subscription[1], subscription[2]],
      ),
    ).rejects.toThrow(/https URL/);
    const aliceSees = await as('authenticated', alice, (tx) =>
      tx.query<{ endpoint: string }>('SELECT endpoint FROM public.push_subscriptions'),
    );
    expect(aliceSees.rows).toEqual([{ endpoint: subscription[0] }]);
  });

  it("let insights count only the caller's own entries", async () => {
    await saveEntry(alice, 'Insight check');
    const count = (userId: string) =>
      as('authenticated', userId, async (tx) => {
        const { rows } = await tx.query<{ n: number }>(
          "SELECT (public.insights(NULL, 'Europe/Berlin') ->> 'entries')::int AS n",
        );
        return rows[0]!.n;
      });
    // Alice: 'Running' (saved above) and this one; Bob only his 'Reading'.
    expect(await count(alice)).toBe(2);
    expect(await count(bob)).toBe(1);
  });
});

// The rules of Supabase's Security Advisor that our migrations can break,
// checked after they ran as the owner role with Supabase's default privileges.
describe("Supabase's Security Advisor on the migrated database", () => {
  it('finds no function in public with a mutable search_path', async () => {
    const { rows } = await database.db.query<{ fn: string }>(
      `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM unnest(coalesce(p.proconfig, '{}')) c
                         WHERE c LIKE 'search_path=%')
       ORDER BY 1`,
    );
    expect(rows.map((r) => r.fn)).toEqual([]);
  });

  it('finds no function in public that anon may execute', async () => {
    const { rows } = await database.db.query<{ fn: string }>(
      `SELECT p.oid::regprocedure::text AS fn FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND has_function_privilege('anon', p.oid, 'EXECUTE')`,
    );
    expect(rows.map((r) => r.fn)).toEqual([]);
  });

  it('finds row-level security on every table in public that anon or authenticated can reach', async () => {
    const { rows } = await database.db.query<{ relname: string }>(
      `SELECT c.relname FROM pg_class c
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
         AND NOT c.relrowsecurity
         AND (has_table_privilege('anon', c.oid, 'SELECT, INSERT, UPDATE, DELETE')
              OR has_table_privilege('authenticated', c.oid, 'SELECT, INSERT, UPDATE, DELETE'))`,
    );
    expect(rows).toEqual([]);
  });

  it('finds no sequence in public that anon or authenticated may use, read or set', async () => {
    const { rows } = await database.db.query<{ role: string; seq: string }>(
      `SELECT r.role, c.oid::regclass::text AS seq
       FROM pg_class c CROSS JOIN (VALUES ('anon'), ('authenticated')) AS r(role)
       WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'S'
         AND has_sequence_privilege(r.role, c.oid, 'USAGE, SELECT, UPDATE')
       ORDER BY 1, 2`,
    );
    expect(rows).toEqual([]);
  });

  it('still lets authenticated insert rows whose ids come from those sequences', async () => {
    const erin = await hostedUser('erin');
    await saveEntry(erin, 'Identity check');
    const { rows } = await database.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM public.user_answers WHERE user_id = $1',
      [erin],
    );
    expect(Number(rows[0]?.n)).toBe(4);
  });
});

describe('a user deleted in the dashboard', () => {
  it("takes GoTrue's sessions and identities and our rows of that person along, and no one else's", async () => {
    const frank = await hostedUser('frank');
    const session = randomUUID();
    await database.db.query(
      `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider)
       VALUES ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', 'frank@example.com'), 'email')`,
      [frank],
    );
    await database.db.query('INSERT INTO auth.sessions (id, user_id) VALUES ($1, $2)', [
      session,
      frank,
    ]);
    await database.db.query(
      `INSERT INTO auth.refresh_tokens (token, user_id, session_id) VALUES ('t-frank', $1::text, $2)`,
      [frank, session],
    );
    await saveEntry(frank, 'Before deletion');
    await as('authenticated', frank, (tx) =>
      tx.query(`INSERT INTO public.reminder_settings (time_zone, email) VALUES ('UTC', true)`),
    );
    const othersBefore = await database.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM public.user_answers WHERE user_id <> $1',
      [frank],
    );

    // The dashboard's "Delete user": one statement on auth.users.
    await database.db.query('DELETE FROM auth.users WHERE id = $1', [frank]);

    const left = await database.db.query<{ n: string }>(
      `SELECT (SELECT count(*) FROM auth.identities WHERE user_id = $1)
            + (SELECT count(*) FROM auth.sessions WHERE user_id = $1)
            + (SELECT count(*) FROM auth.refresh_tokens WHERE session_id = $2)
            + (SELECT count(*) FROM public.user_answers WHERE user_id = $1)
            + (SELECT count(*) FROM public.activity_entries WHERE user_id = $1)
            + (SELECT count(*) FROM public.reminder_settings WHERE user_id = $1) AS n`,
      [frank, session],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    const othersAfter = await database.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM public.user_answers WHERE user_id <> $1',
      [frank],
    );
    expect(othersAfter.rows[0]?.n).toBe(othersBefore.rows[0]?.n);
  });
});
