-- Keeps a push subscription's failed sends when its row is deleted, and
-- gives them back to a new row of the same person and endpoint within a
-- week (migration 0029, docs/decisions/090): deleting and adding a failing
-- device again does not clear its record, so it is still tried last, for a
-- short time, and dropped as before (server/src/reminders/channels/
-- subscription-health.ts). Runs as its owner: the kept counts are no
-- person's to read or change. A trigger on public.push_subscriptions.
CREATE OR REPLACE FUNCTION journal_private.keep_push_failures() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  kept_for CONSTANT interval := interval '7 days';
  kept record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT k.failed_sends, k.failing_since INTO kept
      FROM journal_private.push_failures_kept k
     WHERE k.user_id = NEW.user_id AND k.endpoint = NEW.endpoint
       AND k.kept_at > now() - kept_for;
    IF FOUND THEN
      NEW.failed_sends := greatest(NEW.failed_sends, kept.failed_sends);
      NEW.failing_since := least(coalesce(NEW.failing_since, kept.failing_since), kept.failing_since);
    END IF;
    RETURN NEW;
  END IF;
  -- A row going with its account (the cascade from auth.users) keeps nothing.
  IF NOT EXISTS (SELECT 1 FROM auth.users u WHERE u.id = OLD.user_id) THEN
    RETURN NULL;
  END IF;
  DELETE FROM journal_private.push_failures_kept k WHERE k.kept_at <= now() - kept_for;
  INSERT INTO journal_private.push_failures_kept (user_id, endpoint, failed_sends, failing_since)
  VALUES (OLD.user_id, OLD.endpoint, OLD.failed_sends, coalesce(OLD.failing_since, now()))
  ON CONFLICT (user_id, endpoint) DO UPDATE
    SET failed_sends = EXCLUDED.failed_sends, failing_since = EXCLUDED.failing_since,
        kept_at = now();
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION journal_private.keep_push_failures() FROM PUBLIC, anon, authenticated;
