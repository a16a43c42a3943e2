-- One typed row per entry, kept in step with user_answers (docs/decisions/013).
-- user_answers stays the source of truth: the app's four calls read and write
-- it as before, and triggers derive activity_entries in the same transaction.
-- History, filters, insights and exports read the typed rows, so a filtered
-- page or an aggregate no longer pivots every answer of a long journal.

-- Machinery nobody calls directly lives outside the exposed schema, so the
-- data API can never offer it as an rpc function.
CREATE SCHEMA IF NOT EXISTS journal_private;
REVOKE ALL ON SCHEMA journal_private FROM PUBLIC;

-- How activity names are grouped: case-insensitive, surrounding whitespace
-- dropped, inner runs of whitespace as one space ("Deep  work " = "deep work").
-- lower() follows the database's collation, like every case rule in SQL.
CREATE FUNCTION public.activity_key(activity text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(btrim(regexp_replace(activity, '\s+', ' ', 'g')));

REVOKE ALL ON FUNCTION public.activity_key(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.activity_key(text) TO authenticated;

CREATE TABLE public.activity_entries (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  activity text NOT NULL,
  activity_key text GENERATED ALWAYS AS (public.activity_key(activity)) STORED,
  energy integer NOT NULL,
  engagement integer NOT NULL,
  flow_state boolean NOT NULL,
  notes text,
  -- Newest first is a backward scan of this index: the history's first page
  -- and its keyset pages read about fifty rows whatever the journal's size.
  PRIMARY KEY (user_id, created_at)
);
-- One activity's entries, newest first (Look Back filtered by activity).
CREATE INDEX activity_entries_user_key_created_idx
  ON public.activity_entries (user_id, activity_key, created_at DESC);

ALTER TABLE public.activity_entries ENABLE ROW LEVEL SECURITY;
CREATE POLICY activity_entries_select_own ON public.activity_entries
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
-- Read-only for everyone: rows change only through user_answers.
REVOKE ALL ON public.activity_entries FROM anon, authenticated;
GRANT SELECT ON public.activity_entries TO authenticated;

-- Derives the typed rows of the given (user, time) keys from their answers:
-- inserts or updates an entry that is valid (a non-blank activity, numeric
-- energy and engagement), deletes one that no longer is or has no answers.
CREATE FUNCTION journal_private.rederive_entries(key_users uuid[], key_times timestamptz[])
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  WITH keys AS (
    SELECT DISTINCT k.user_id, k.created_at
    FROM unnest(key_users, key_times) AS k (user_id, created_at)
  ),
  answers AS (
    SELECT k.user_id, k.created_at,
           max(a.answer) FILTER (WHERE q.question = 'Activity Description') AS activity,
           max(a.answer) FILTER (WHERE q.question = 'Energy Level') AS energy_text,
           max(a.answer) FILTER (WHERE q.question = 'Engagement Level') AS engagement_text,
           max(a.answer) FILTER (WHERE q.question = 'Flow State') AS flow_text,
           max(a.answer) FILTER (WHERE q.question = 'Activity Notes') AS notes
    FROM keys k
    JOIN public.user_answers a ON a.user_id = k.user_id AND a.created_at = k.created_at
    JOIN public.questions q ON q.id = a.question_id
    JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'
    GROUP BY k.user_id, k.created_at
  ),
  valid AS (
    SELECT user_id, created_at, activity,
           round(energy_text::numeric)::integer AS energy,
           round(engagement_text::numeric)::integer AS engagement,
           coalesce(flow_text = 'true', false) AS flow_state,
           notes
    FROM answers
    WHERE btrim(activity) <> ''
      AND energy_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
      AND engagement_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
  ),
  removed AS (
    DELETE FROM public.activity_entries e
    USING keys k
    WHERE e.user_id = k.user_id AND e.created_at = k.created_at
      AND NOT EXISTS (
        SELECT 1 FROM valid v WHERE v.user_id = k.user_id AND v.created_at = k.created_at
      )
  )
  INSERT INTO public.activity_entries
    (user_id, created_at, activity, energy, engagement, flow_state, notes)
  SELECT user_id, created_at, activity, energy, engagement, flow_state, notes FROM valid
  ON CONFLICT (user_id, created_at) DO UPDATE
    SET activity = excluded.activity, energy = excluded.energy,
        engagement = excluded.engagement, flow_state = excluded.flow_state,
        notes = excluded.notes;
$$;

-- One call per statement, not per answer row: a save of five answers derives
-- its entry once, from the statement's transition tables.
CREATE FUNCTION journal_private.sync_entries_after_change() RETURNS trigger
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

CREATE TRIGGER user_answers_sync_entries_insert
  AFTER INSERT ON public.user_answers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.sync_entries_after_change();
CREATE TRIGGER user_answers_sync_entries_delete
  AFTER DELETE ON public.user_answers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.sync_entries_after_change();
CREATE TRIGGER user_answers_sync_entries_update
  AFTER UPDATE ON public.user_answers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.sync_entries_after_change();
CREATE TRIGGER user_answers_sync_entries_truncate
  AFTER TRUNCATE ON public.user_answers
  FOR EACH STATEMENT EXECUTE FUNCTION journal_private.sync_entries_after_change();

-- An entry's time: its owner may choose one (logging the past, importing),
-- but not in the future beyond two minutes of clock skew. A defaulted time
-- (the transaction's, shared by the answers of one save) moves forward by
-- microseconds when another save of the same person already holds that
-- instant, so two saves at the same moment are two entries, never a refusal.
-- Runs as the caller, so it reads only the caller's own answers (RLS).
CREATE FUNCTION journal_private.place_answer_in_time() RETURNS trigger
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
  -- Saves of one person queue here until the one before commits, so the
  -- instants checked below include it.
  PERFORM pg_advisory_xact_lock(hashtextextended('journal.entry_time ' || NEW.user_id::text, 0));
  WHILE EXISTS (
    SELECT 1 FROM public.user_answers a
    WHERE a.user_id = NEW.user_id AND a.created_at = NEW.created_at
  ) LOOP
    NEW.created_at := NEW.created_at + interval '1 microsecond';
  END LOOP;
  PERFORM set_config('journal.entry_time', NEW.user_id::text || ' ' || NEW.created_at::text, true);
  RETURN NEW;
END
$$;

CREATE TRIGGER user_answers_place_in_time
  BEFORE INSERT ON public.user_answers
  FOR EACH ROW EXECUTE FUNCTION journal_private.place_answer_in_time();

REVOKE ALL ON ALL FUNCTIONS IN SCHEMA journal_private FROM PUBLIC, anon, authenticated;

-- The owner chooses the time of an entry (still checked by the trigger above).
GRANT INSERT (created_at) ON public.user_answers TO authenticated;

-- The history view now reads the typed rows; same columns, plus the key.
CREATE OR REPLACE VIEW public.activities WITH (security_invoker = true) AS
SELECT user_id, created_at, activity, energy, engagement, flow_state, notes, activity_key
FROM public.activity_entries;

REVOKE ALL ON public.activities FROM anon, authenticated;
GRANT SELECT ON public.activities TO authenticated;

-- Entries saved before this migration.
SELECT journal_private.rederive_entries(array_agg(user_id), array_agg(created_at))
FROM (SELECT DISTINCT user_id, created_at FROM public.user_answers) existing;
