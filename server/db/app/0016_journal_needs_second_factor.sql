-- A person who turned on two-step sign-in reads and writes their journal only
-- from a session that used it (docs/decisions/032): a stolen password gives an aal1
-- session, and these restrictive policies leave it nothing to read. The check
-- is in functions/second_factor_satisfied.sql; this migration names it in the
-- policies (ADR 031: the function file gives it its body).
CREATE FUNCTION journal_private.second_factor_satisfied() RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$ SELECT false $$;
REVOKE ALL ON FUNCTION journal_private.second_factor_satisfied() FROM PUBLIC, anon, authenticated;
GRANT USAGE ON SCHEMA journal_private TO authenticated;
GRANT EXECUTE ON FUNCTION journal_private.second_factor_satisfied() TO authenticated;

-- Restrictive: they narrow the existing "own rows" policies, never widen them.
-- Written as a sub-select so that the check runs once per statement, not per row.
CREATE POLICY user_answers_second_factor ON public.user_answers AS RESTRICTIVE
  FOR ALL TO authenticated
  USING ((SELECT journal_private.second_factor_satisfied()))
  WITH CHECK ((SELECT journal_private.second_factor_satisfied()));
CREATE POLICY activity_entries_second_factor ON public.activity_entries AS RESTRICTIVE
  FOR SELECT TO authenticated
  USING ((SELECT journal_private.second_factor_satisfied()));
