-- Derives the typed row of one entry, a (user, time) key, from its answers:
-- inserts or updates it when it is valid (a non-blank activity, numeric
-- energy and engagement), deletes it when it no longer is or has no answers.
-- The one place that turns answers into an entry: rederive_entries calls it
-- for every key a statement touched (docs/decisions/075).
--
-- Tags (docs/decisions/038) are the answer to 'Tags' on the page
-- 'entry_context', checked by entry_tags, which refuses bad ones with a
-- readable message, also for answers that make no valid entry. The search
-- vector holds the words of the activity, the notes and the tags under the
-- built-in 'simple' configuration (lower case, no stemming, no stop words:
-- any language, and no extension, so it works on PGlite and hosted Supabase
-- alike).
--
-- PL/pgSQL: its three small statements are planned on each call, against
-- the tables as they are then (plan_cache_mode, docs/decisions/051), which
-- costs a save far less than planning the one set-based query this replaced
-- (docs/decisions/075). A plan kept from saves into an empty journal instead
-- read a grown one through the wrong index for every entry of a large import.
-- Every statement names the whole key, and the answers are read first, by it
-- alone, through the unique index on (user_id, created_at, question_id)
-- (MATERIALIZED: stale statistics once made the planner start from the
-- questions and read everyone's answers to them, docs/decisions/048). The
-- derived row is written by its primary key.
CREATE OR REPLACE FUNCTION journal_private.derive_entry(key_user uuid, key_time timestamptz)
RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  given record;
  tags text[];
BEGIN
  WITH found AS MATERIALIZED (
    SELECT a.question_id, a.answer
    FROM public.user_answers a
    WHERE a.user_id = key_user AND a.created_at = key_time
  )
  SELECT max(f.answer) FILTER (WHERE q.question = 'Activity Description') AS activity,
         max(f.answer) FILTER (WHERE q.question = 'Energy Level') AS energy,
         max(f.answer) FILTER (WHERE q.question = 'Engagement Level') AS engagement,
         max(f.answer) FILTER (WHERE q.question = 'Flow State') AS flow,
         max(f.answer) FILTER (WHERE q.question = 'Activity Notes') AS notes,
         max(f.answer) FILTER (WHERE q.question = 'Tags' AND p.name = 'entry_context') AS tags
  INTO given
  FROM found f
  JOIN public.questions q ON q.id = f.question_id
  JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context');

  tags := journal_private.entry_tags(given.tags);
  IF NOT coalesce(btrim(given.activity) <> ''
                  AND given.energy ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
                  AND given.engagement ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$', false) THEN
    DELETE FROM public.activity_entries e WHERE e.user_id = key_user AND e.created_at = key_time;
    RETURN;
  END IF;

  INSERT INTO public.activity_entries AS e
    (user_id, created_at, activity, energy, engagement, flow_state, notes, tags, tag_keys, search)
  VALUES (
    key_user, key_time, given.activity,
    round(given.energy::numeric)::integer,
    round(given.engagement::numeric)::integer,
    coalesce(given.flow = 'true', false),
    given.notes, tags,
    ARRAY(SELECT public.activity_key(t.tag) FROM unnest(tags) WITH ORDINALITY AS t (tag, n)
          ORDER BY t.n),
    to_tsvector('simple'::regconfig,
                concat_ws(' ', given.activity, given.notes, array_to_string(tags, ' ')))
  )
  ON CONFLICT (user_id, created_at) DO UPDATE
    SET activity = excluded.activity, energy = excluded.energy,
        engagement = excluded.engagement, flow_state = excluded.flow_state,
        notes = excluded.notes, tags = excluded.tags, tag_keys = excluded.tag_keys,
        search = excluded.search;
END
$$;

REVOKE ALL ON FUNCTION journal_private.derive_entry(uuid, timestamptz) FROM PUBLIC, anon, authenticated;
