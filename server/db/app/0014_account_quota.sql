-- A storage quota per account (docs/security-bounds.md): one person must not be able
-- to fill the disk that everyone's journal lives on. What each account holds
-- is counted as it changes, so checking the quota costs one row read, never a
-- count over the journal. The counting and the limits are in
-- functions/count_account_usage.sql; this migration makes the table, counts
-- what is already there, and names the function in the triggers.

CREATE TABLE journal_private.account_usage (
  user_id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  answers bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0
);
REVOKE ALL ON journal_private.account_usage FROM PUBLIC, anon, authenticated;

INSERT INTO journal_private.account_usage (user_id, answers, bytes)
SELECT user_id, count(*), sum(octet_length(answer)) FROM public.user_answers GROUP BY user_id;

-- The triggers must name an existing function; the function file, applied
-- right after the migrations, gives it its body (ADR 031).
CREATE FUNCTION journal_private.count_account_usage() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NULL; END $$;
REVOKE ALL ON FUNCTION journal_private.count_account_usage() FROM PUBLIC, anon, authenticated;

CREATE TRIGGER user_answers_count_usage_insert
  AFTER INSERT ON public.user_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.count_account_usage();
CREATE TRIGGER user_answers_count_usage_delete
  AFTER DELETE ON public.user_answers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.count_account_usage();
CREATE TRIGGER user_answers_count_usage_update
  AFTER UPDATE ON public.user_answers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.count_account_usage();
CREATE TRIGGER user_answers_count_usage_truncate
  AFTER TRUNCATE ON public.user_answers
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.count_account_usage();
