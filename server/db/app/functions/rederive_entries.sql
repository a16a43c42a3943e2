-- Derives the typed rows of the given (user, time) keys from their answers:
-- inserts or updates an entry that is valid (a non-blank activity, numeric
-- energy and engagement), deletes one that no longer is or has no answers.
--
-- Tags (docs/decisions/038) are the answer to 'Tags' on the page
-- 'entry_context', checked by entry_tags, which refuses bad ones with a
-- readable message. `answers` is MATERIALIZED so that every key's tags are
-- checked, also those of answers that make no valid entry (an entry's row
-- would otherwise skip computing them). The search vector holds the words of
-- the activity, the notes and the tags under the built-in 'simple'
-- configuration (lower case, no stemming, no stop words: any language, and
-- no extension, so it works on PGlite and hosted Supabase alike).
--
-- Planned for each call (plan_cache_mode): on the embedded database a plan
-- kept from a call while the tables were tiny read activity_entries whole to
-- find one entry as the journal grew (docs/decisions/051). Not enable_seqscan
-- off as in place_answer_in_time: an import derives thousands of entries in
-- one call, and with statistics of an empty journal that setting drove it
-- into nested loops that did not end within minutes.
CREATE OR REPLACE FUNCTION journal_private.rederive_entries(key_users uuid[], key_times timestamptz[])
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' SET plan_cache_mode = force_custom_plan AS $$
  WITH keys AS (
    SELECT DISTINCT k.user_id, k.created_at
    FROM unnest(key_users, key_times) AS k (user_id, created_at)
  ),
  -- The keys' answers, reached through the unique index on (user_id,
  -- created_at, question_id) and nothing else: joined to the questions in
  -- the same query, stale statistics (a journal grown since the last
  -- ANALYZE) once made the planner start from the questions and read every
  -- answer of every person to them through user_answers_question_id_idx,
  -- 100,000 rows for one save at 20,000 entries (docs/decisions/048).
  found AS MATERIALIZED (
    SELECT a.user_id, a.created_at, a.question_id, a.answer
    FROM keys k
    JOIN public.user_answers a ON a.user_id = k.user_id AND a.created_at = k.created_at
  ),
  answers AS MATERIALIZED (
    SELECT a.user_id, a.created_at,
           max(a.answer) FILTER (WHERE q.question = 'Activity Description') AS activity,
           max(a.answer) FILTER (WHERE q.question = 'Energy Level') AS energy_text,
           max(a.answer) FILTER (WHERE q.question = 'Engagement Level') AS engagement_text,
           max(a.answer) FILTER (WHERE q.question = 'Flow State') AS flow_text,
           max(a.answer) FILTER (WHERE q.question = 'Activity Notes') AS notes,
           journal_private.entry_tags(
             max(a.answer) FILTER (WHERE q.question = 'Tags' AND p.name = 'entry_context')
           ) AS tags
    FROM found a
    JOIN public.questions q ON q.id = a.question_id
    JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')
    GROUP BY a.user_id, a.created_at
  ),
  valid AS (
    SELECT user_id, created_at, activity,
           round(energy_text::numeric)::integer AS energy,
           round(engagement_text::numeric)::integer AS engagement,
           coalesce(flow_text = 'true', false) AS flow_state,
           notes, tags,
           ARRAY(SELECT public.activity_key(t.tag) FROM unnest(tags) WITH ORDINALITY AS t (tag, n)
                 ORDER BY t.n) AS tag_keys,
           to_tsvector('simple'::regconfig, concat_ws(' ', activity, notes, array_to_string(tags, ' '))) AS search
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
    (user_id, created_at, activity, energy, engagement, flow_state, notes, tags, tag_keys, search)
  SELECT user_id, created_at, activity, energy, engagement, flow_state, notes, tags, tag_keys, search
  FROM valid
  ON CONFLICT (user_id, created_at) DO UPDATE
    SET activity = excluded.activity, energy = excluded.energy,
        engagement = excluded.engagement, flow_state = excluded.flow_state,
        notes = excluded.notes, tags = excluded.tags, tag_keys = excluded.tag_keys,
        search = excluded.search;
$$;

REVOKE ALL ON FUNCTION journal_private.rederive_entries(uuid[], timestamptz[]) FROM PUBLIC, anon, authenticated;
