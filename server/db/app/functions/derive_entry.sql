-- Derives the typed row of one entry, a (user, time) key, from its answers:
-- inserts or updates it when it is valid (a non-blank activity, numeric
-- energy and engagement), deletes it when it no longer is or has no answers.
-- The one place that turns answers into an entry: rederive_entries calls it
-- for every key a statement touched (docs/decisions/075).
--
-- Every other answer of the key is to one of the person's own questions
-- (docs/decisions/084): own_answers checks each against its question and
-- gives the object the typed row keeps.
--
-- Tags (docs/decisions/038) are the answer to 'Tags' on the page
-- 'entry_context', checked by entry_tags, which refuses bad ones with a
-- readable message, also for answers that make no valid entry. The search
-- vector holds the words of the activity, the notes and the tags under the
-- built-in 'simple' configuration (lower case, no stemming, no stop words:
-- any language, and no extension, so it works on PGlite and hosted Supabase
-- alike).
--
-- PL/pgSQL, its plans kept for the connection (docs/decisions/076), so
-- each must still fit a journal grown since it was made (docs/decisions/051):
-- - the answers are read by (user_id, created_at) alone, in the order of the
--   unique index on (user_id, created_at DESC, question_id), the one index
--   that both finds the key and gives that order; which question fills
--   which field comes from entry_questions, never from a join here (a join
--   once let stale statistics start from the questions and read everyone's
--   answers to them, docs/decisions/048);
-- - the derived row is written by its primary key, the upsert's arbiter;
-- - the rare delete is planned on each call.
-- Sequential scans are off for its statements, as for place_answer_in_time,
-- and so is JIT compilation: the small tables entry_questions reads whole
-- then look so costly to the planner that PostgreSQL compiled that read on
-- every call, a tenth of a second each.
CREATE OR REPLACE FUNCTION journal_private.derive_entry(key_user uuid, key_time timestamptz)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' SET enable_seqscan = off SET jit = off AS $$
DECLARE
  fields record;
  given record;
  tags text[];
  answers jsonb;
BEGIN
  fields := journal_private.entry_questions();
  SELECT max(f.answer) FILTER (WHERE f.question_id = ANY (fields.activity)) AS activity,
         max(f.answer) FILTER (WHERE f.question_id = ANY (fields.energy)) AS energy,
         max(f.answer) FILTER (WHERE f.question_id = ANY (fields.engagement)) AS engagement,
         max(f.answer) FILTER (WHERE f.question_id = ANY (fields.flow)) AS flow,
         max(f.answer) FILTER (WHERE f.question_id = ANY (fields.notes)) AS notes,
         max(f.answer) FILTER (WHERE f.question_id = ANY (fields.tags)) AS tags,
         jsonb_object_agg(f.question_id::text, f.answer)
           FILTER (WHERE f.question_id <> ALL (fields.builtin)) AS own
  INTO given
  FROM (SELECT a.question_id, a.answer
        FROM public.user_answers a
        WHERE a.user_id = key_user AND a.created_at = key_time
        -- The unique index's own order: a plan kept from an empty journal
        -- reads the key through it, the one index that both finds the key
        -- and gives this order.
        ORDER BY a.created_at DESC, a.question_id) f;

  tags := journal_private.entry_tags(given.tags);
  answers := CASE WHEN given.own IS NULL THEN '{}'::jsonb
                  ELSE journal_private.own_answers(key_user, given.own) END;
  IF NOT coalesce(btrim(given.activity) <> ''
                  AND given.energy ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
                  AND given.engagement ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$', false) THEN
    -- Planned on each call (the rare path): a kept plan could have chosen
    -- another of the person's indexes while the journal was empty.
    EXECUTE 'DELETE FROM public.activity_entries e WHERE e.user_id = $1 AND e.created_at = $2'
      USING key_user, key_time;
    RETURN;
  END IF;

  INSERT INTO public.activity_entries AS e
    (user_id, created_at, activity, energy, engagement, flow_state, notes, tags, tag_keys, search,
     answers)
  VALUES (
    key_user, key_time, given.activity,
    round(given.energy::numeric)::integer,
    round(given.engagement::numeric)::integer,
    coalesce(given.flow = 'true', false),
    given.notes, tags,
    ARRAY(SELECT public.activity_key(t.tag) FROM unnest(tags) WITH ORDINALITY AS t (tag, n)
          ORDER BY t.n),
    to_tsvector('simple'::regconfig,
                concat_ws(' ', given.activity, given.notes, array_to_string(tags, ' '))),
    answers
  )
  ON CONFLICT (user_id, created_at) DO UPDATE
    SET activity = excluded.activity, energy = excluded.energy,
        engagement = excluded.engagement, flow_state = excluded.flow_state,
        notes = excluded.notes, tags = excluded.tags, tag_keys = excluded.tag_keys,
        search = excluded.search, answers = excluded.answers;
END
$$;

REVOKE ALL ON FUNCTION journal_private.derive_entry(uuid, timestamptz) FROM PUBLIC, anon, authenticated;
