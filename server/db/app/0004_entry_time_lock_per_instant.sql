-- Saves of one person used to queue behind each other from the entry-time
-- check until COMMIT (migration 0003), so a person's saves could never share
-- a commit's disk flush. Two saves can only collide at the same instant, so
-- the lock is now taken per person and instant, for every instant the save
-- tries (docs/decisions/015). Saves at different instants run side by side;
-- two at the same instant still queue, and the second moves a microsecond on.
CREATE OR REPLACE FUNCTION journal_private.place_answer_in_time() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  placed text;
BEGIN
  IF NEW.created_at > now() + interval '2 minutes' THEN
    RAISE EXCEPTION 'An entry cannot be in the future'
      USING ERRCODE = 'check_violation',
            DETAIL = format('%s is later than the server''s time %s (2 minutes of clock skew allowed).',
                            NEW.created_at, now());
  END IF;
  IF NEW.created_at <> now() THEN
    RETURN NEW;
  END IF;
  -- Every answer of this save gets the instant its first answer was given.
  placed := current_setting('journal.entry_time', true);
  IF placed LIKE NEW.user_id::text || ' %' THEN
    NEW.created_at := substr(placed, 38)::timestamptz;
    RETURN NEW;
  END IF;
  LOOP
    -- The key is the instant in microseconds since the epoch, the same in
    -- every session whatever its time zone. A save holding it commits before
    -- another may check the same instant, so the check below includes it.
    PERFORM pg_advisory_xact_lock(hashtextextended(
      'journal.entry_time ' || NEW.user_id::text || ' ' ||
        (extract(epoch FROM NEW.created_at) * 1000000)::bigint::text,
      0));
    EXIT WHEN NOT EXISTS (
      SELECT 1 FROM public.user_answers a
      WHERE a.user_id = NEW.user_id AND a.created_at = NEW.created_at
    );
    NEW.created_at := NEW.created_at + interval '1 microsecond';
  END LOOP;
  PERFORM set_config('journal.entry_time', NEW.user_id::text || ' ' || NEW.created_at::text, true);
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.place_answer_in_time() FROM PUBLIC, anon, authenticated;
