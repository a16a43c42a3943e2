-- Derives the typed rows of the given (user, time) keys from their answers,
-- one key at a time through derive_entry, the one place that turns answers
-- into an entry (docs/decisions/075). Each key is found through the unique
-- index on (user_id, created_at, question_id) whatever the statistics say,
-- so a save of one entry and an import of a thousand take the same plans
-- (docs/decisions/048, 051). A key given twice is derived once.
CREATE OR REPLACE FUNCTION journal_private.rederive_entries(key_users uuid[], key_times timestamptz[])
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  key record;
BEGIN
  FOR key IN
    SELECT DISTINCT k.user_id, k.created_at
    FROM unnest(key_users, key_times) AS k (user_id, created_at)
  LOOP
    PERFORM journal_private.derive_entry(key.user_id, key.created_at);
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.rederive_entries(uuid[], timestamptz[]) FROM PUBLIC, anon, authenticated;
