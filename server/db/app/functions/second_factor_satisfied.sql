-- Whether the request's session meets the account's second-factor rule: true
-- for a person without a verified second factor, and for a session whose
-- token says aal2 (it proved one). Reads auth.mfa_factors as its owner, since
-- the API roles may not; GoTrue's own table on hosted Supabase (enum columns,
-- compared as text here) and ours alike. A recovery-code set is not counted:
-- it only stands in for an authenticator.
--
-- It runs in every journal statement, so its cost must not depend on fresh
-- statistics (autovacuum may be off): with sequential scans off inside it,
-- the lookup goes through the index on user_id however stale the table's
-- statistics are, never across every person's factors.
--
-- PL/pgSQL, not SQL: a SQL function that sets options is never inlined, and
-- PostgreSQL parses and plans its body again at every statement that calls
-- it (several per save); PL/pgSQL keeps the plan for the session
-- (docs/decisions/081).
CREATE OR REPLACE FUNCTION journal_private.second_factor_satisfied() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' SET enable_seqscan = off AS $$
BEGIN
  RETURN coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      OR NOT EXISTS (
        SELECT 1 FROM auth.mfa_factors f
        WHERE f.user_id = auth.uid()
          AND f.status::text = 'verified'
          AND f.factor_type::text <> 'recovery_code'
      );
END
$$;

REVOKE ALL ON FUNCTION journal_private.second_factor_satisfied() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.second_factor_satisfied() TO authenticated;
