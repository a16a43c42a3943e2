-- An entry's time: its owner may choose one (logging the past, importing),
-- but not in the future beyond two minutes of clock skew. A defaulted time
-- (the transaction's, shared by the answers of one save) moves forward by
-- microseconds when another save of the same person already holds that
-- instant, so two saves at the same moment are two entries, never a refusal.
-- Runs as the caller, so it reads only the caller's own answers (RLS).
-- The trigger that calls it, on user_answers, is made by migration 0003.
--
-- A taken instant is stepped over in one query, not one lock per instant: a
-- person with thousands of entries at adjacent microseconds once made a save
-- take thousands of locks (migration 0010). One query over the person's
-- answers at or after the wanted instant (the unique index
-- user_answers_user_created_question_idx, read in order and stopped at the
-- first gap) finds the first free instant, and ONE lock is taken, for it. If
-- a concurrent save took that instant meanwhile, the search runs again from
-- there, at most 20 times (then the call fails with 503, try again).
--
-- An answer carrying an entry key (migration 0017) that the person already
-- stores joins that entry at its instant: a re-sent entry is one entry at the
-- time it was first stored, never a second one a microsecond on, even when
-- the answers already stored were changed in between (docs/decisions/035).
--
-- Its lookups never read user_answers whole (enable_seqscan off): a plpgsql
-- function keeps its statements' plans for the connection's life, and after
-- five runs may keep one generic plan made for the tables as they were then.
-- Made while a new installation's tables were tiny, that plan read the whole
-- table, and kept reading it as the journal grew, until the next ANALYZE:
-- without autovacuum, never (docs/decisions/051). Each lookup has
-- an index that finds its rows, so the kept plan is one that still fits a
-- grown journal; planning each row anew instead cost the embedded database
-- a fifth of its saves.
CREATE OR REPLACE FUNCTION journal_private.place_answer_in_time() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' SET enable_seqscan = off AS $$
DECLARE
  placed text;
  tries integer := 0;
  stored_at timestamptz;
BEGIN
  IF NEW.created_at > now() + interval '2 minutes' THEN
    RAISE EXCEPTION 'An entry cannot be in the future'
      USING ERRCODE = 'check_violation',
            DETAIL = format('%s is later than the server''s time %s (2 minutes of clock skew allowed).',
                            NEW.created_at, now());
  END IF;
  -- The next answers of an entry this transaction has just placed take its
  -- instant without looking the key up again: four lookups fewer in a save
  -- of five answers (docs/decisions/075).
  placed := current_setting('journal.entry_time', true);
  IF NEW.entry_key IS NOT NULL AND NEW.created_at = now()
     AND left(placed, 73) = NEW.user_id::text || ' ' || NEW.entry_key::text THEN
    NEW.created_at := substr(placed, 75)::timestamptz;
    RETURN NEW;
  END IF;
  IF NEW.entry_key IS NOT NULL THEN
    SELECT a.created_at INTO stored_at FROM public.user_answers a
    WHERE a.user_id = NEW.user_id AND a.entry_key = NEW.entry_key
    LIMIT 1;
    IF FOUND THEN
      NEW.created_at := stored_at;
      RETURN NEW;
    END IF;
  END IF;
  IF NEW.created_at <> now() THEN
    RETURN NEW;
  END IF;
  -- Every answer of this save gets the instant its first answer was given.
  IF left(placed, 36) = NEW.user_id::text THEN
    NEW.created_at := substr(placed, 75)::timestamptz;
    RETURN NEW;
  END IF;
  LOOP
    tries := tries + 1;
    IF tries > 20 THEN
      RAISE EXCEPTION 'Too many saves at this moment, please try again'
        USING ERRCODE = 'PT503';
    END IF;
    -- The first instant at or after NEW.created_at that none of this person's
    -- answers holds: the end of the run of adjacent taken instants.
    IF EXISTS (
      SELECT 1 FROM public.user_answers a
      WHERE a.user_id = NEW.user_id AND a.created_at = NEW.created_at
    ) THEN
      SELECT run.created_at + interval '1 microsecond' INTO NEW.created_at
      FROM (
        SELECT t.created_at, lead(t.created_at) OVER (ORDER BY t.created_at) AS next_at
        FROM (
          SELECT DISTINCT a.created_at FROM public.user_answers a
          WHERE a.user_id = NEW.user_id AND a.created_at >= NEW.created_at
          ORDER BY a.created_at
        ) t
      ) run
      WHERE run.next_at IS NULL OR run.next_at > run.created_at + interval '1 microsecond'
      ORDER BY run.created_at
      LIMIT 1;
    END IF;
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
  END LOOP;
  -- The person, the entry's key (36 dashes for none) and the instant.
  PERFORM set_config('journal.entry_time',
    NEW.user_id::text || ' ' || coalesce(NEW.entry_key::text, repeat('-', 36)) || ' ' ||
      NEW.created_at::text,
    true);
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.place_answer_in_time() FROM PUBLIC, anon, authenticated;
