import type { TestServer } from '../helpers/test-server.ts';

/**
 * Functions for the rpc tests, made before the server's first data request so
 * the schema cache sees them. They are not part of the app's migrations. Like
 * hosted Supabase, PostgreSQL grants EXECUTE to PUBLIC by default; the revoked
 * one shows that a function nobody may call does not exist for a client.
 */
export async function createRpcFunctions(server: TestServer): Promise<void> {
  await server.database.db.exec(`
    CREATE FUNCTION public.add_numbers(a integer, b integer) RETURNS integer
      LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;

    CREATE FUNCTION public.greet(name text) RETURNS text
      LANGUAGE sql STABLE AS $$ SELECT 'Hello, ' || name $$;

    CREATE FUNCTION public.nothing() RETURNS integer
      LANGUAGE sql STABLE AS $$ SELECT NULL::integer $$;

    CREATE FUNCTION public.my_answers() RETURNS SETOF public.user_answers
      LANGUAGE sql STABLE SECURITY INVOKER AS $$ SELECT * FROM public.user_answers $$;

    CREATE FUNCTION public.answer_count() RETURNS bigint
      LANGUAGE sql STABLE SECURITY INVOKER AS $$ SELECT count(*) FROM public.user_answers $$;

    CREATE FUNCTION public.numbers(upto integer)
      RETURNS TABLE (n integer, parity text)
      LANGUAGE sql IMMUTABLE AS $$
        SELECT g, CASE WHEN g % 2 = 0 THEN 'even' ELSE 'odd' END FROM generate_series(1, upto) g
      $$;

    CREATE FUNCTION public.squares(upto integer) RETURNS SETOF integer
      LANGUAGE sql IMMUTABLE AS $$ SELECT g * g FROM generate_series(1, upto) g $$;

    CREATE FUNCTION public.pair(x integer) RETURNS TABLE (x2 integer, label text)
      LANGUAGE sql IMMUTABLE AS $$ SELECT x * 2, 'pair' $$;

    CREATE TYPE public.point2 AS (px integer, py integer);
    CREATE FUNCTION public.make_point(px integer, py integer DEFAULT 0) RETURNS public.point2
      LANGUAGE sql IMMUTABLE AS $$ SELECT ROW(px, py)::public.point2 $$;

    CREATE FUNCTION public.describe(v integer) RETURNS text
      LANGUAGE sql IMMUTABLE AS $$ SELECT 'integer ' || v $$;
    CREATE FUNCTION public.describe(s text) RETURNS text
      LANGUAGE sql IMMUTABLE AS $$ SELECT 'text ' || s $$;

    CREATE FUNCTION public.either(a integer, b integer DEFAULT 1) RETURNS text
      LANGUAGE sql IMMUTABLE AS $$ SELECT 'b' $$;
    CREATE FUNCTION public.either(a bigint, c integer DEFAULT 1) RETURNS text
      LANGUAGE sql IMMUTABLE AS $$ SELECT 'c' $$;

    CREATE FUNCTION public.with_defaults(a integer, b integer DEFAULT 10, c text DEFAULT 'x')
      RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT a || '-' || b || '-' || c $$;

    CREATE FUNCTION public.echo_json(jsonb) RETURNS jsonb
      LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;

    CREATE FUNCTION public.unnamed_int(integer) RETURNS integer
      LANGUAGE sql IMMUTABLE AS $$ SELECT $1 $$;

    CREATE FUNCTION public.fail_with(kind text) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        IF kind = 'check' THEN
          RAISE EXCEPTION 'An entry cannot be in the future' USING ERRCODE = '23514';
        ELSIF kind = 'denied' THEN
          RAISE EXCEPTION 'not yours' USING ERRCODE = '42501';
        ELSE
          RAISE EXCEPTION 'plain failure' USING DETAIL = 'the detail', HINT = 'the hint';
        END IF;
      END $$;

    CREATE TABLE public.rpc_log (id serial PRIMARY KEY, note text NOT NULL);
    GRANT INSERT, SELECT ON public.rpc_log TO anon, authenticated;
    GRANT USAGE ON SEQUENCE public.rpc_log_id_seq TO anon, authenticated;
    CREATE FUNCTION public.log_note(note text) RETURNS integer
      LANGUAGE sql VOLATILE AS $$
        INSERT INTO public.rpc_log (note) VALUES (note) RETURNING id
      $$;
    CREATE FUNCTION public.touch() RETURNS void
      LANGUAGE sql VOLATILE AS $$ SELECT $$;

    CREATE FUNCTION public.hidden_sum(a integer, b integer) RETURNS integer
      LANGUAGE sql IMMUTABLE AS $$ SELECT a + b $$;
    REVOKE EXECUTE ON FUNCTION public.hidden_sum(integer, integer) FROM PUBLIC, anon, authenticated;

    CREATE FUNCTION public.only_members() RETURNS text
      LANGUAGE sql STABLE AS $$ SELECT 'members only' $$;
    REVOKE EXECUTE ON FUNCTION public.only_members() FROM PUBLIC, anon;
    GRANT EXECUTE ON FUNCTION public.only_members() TO authenticated;
  `);
}
