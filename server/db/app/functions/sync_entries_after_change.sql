-- One call per statement, not per answer row: a save of five answers derives
-- its entry once, from the statement's transition tables. The four
-- statement triggers on user_answers that call it are made by migration 0003.
CREATE OR REPLACE FUNCTION journal_private.sync_entries_after_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE public.activity_entries;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM journal_private.rederive_entries(array_agg(user_id), array_agg(created_at))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM journal_private.rederive_entries(array_agg(user_id), array_agg(created_at))
    FROM old_rows;
  ELSE
    PERFORM journal_private.rederive_entries(array_agg(user_id), array_agg(created_at))
    FROM (SELECT user_id, created_at FROM old_rows
          UNION SELECT user_id, created_at FROM new_rows) changed;
  END IF;
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION journal_private.sync_entries_after_change() FROM PUBLIC, anon, authenticated;
