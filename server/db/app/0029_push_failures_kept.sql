-- A push subscription's failed sends outlive its row (docs/decisions/090):
-- a person who deleted a device that kept failing, and added it again, got
-- a device with a clean record, tried again at full length, and so could
-- repeat the delay its silence causes every day. The count is kept by person
-- and endpoint for a week after the row goes, and given back to a row of the
-- same person and endpoint. Portable: applies unchanged to a hosted Supabase
-- project. The function file gives the trigger its body (ADR 031).
CREATE TABLE journal_private.push_failures_kept (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  failed_sends integer NOT NULL,
  failing_since timestamptz NOT NULL,
  kept_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, endpoint)
);
REVOKE ALL ON journal_private.push_failures_kept FROM PUBLIC, anon, authenticated;

CREATE FUNCTION journal_private.keep_push_failures() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NULL; END $$;
REVOKE ALL ON FUNCTION journal_private.keep_push_failures() FROM PUBLIC, anon, authenticated;
-- Before the insert, so the row is stored with its record; after a delete.
CREATE TRIGGER push_subscriptions_keep_failures_insert
  BEFORE INSERT ON public.push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION journal_private.keep_push_failures();
CREATE TRIGGER push_subscriptions_keep_failures_delete
  AFTER DELETE ON public.push_subscriptions
  FOR EACH ROW WHEN (OLD.failed_sends > 0) EXECUTE FUNCTION journal_private.keep_push_failures();
