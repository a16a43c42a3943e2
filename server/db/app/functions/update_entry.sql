-- Editing an entry in one call (docs/decisions/019-editing-entries-in-one-call.md).
-- An entry is the caller's answers sharing one created_at; an edit replaces
-- them with the new answers, at the same time or a new one, in one statement
-- run as the caller: row-level security and the grants of user_answers decide
-- what it may touch, the time trigger (place_answer_in_time) still refuses the future,
-- and a failure anywhere leaves the old entry exactly as it was.
-- Deleting an entry and undoing that need no function: the client deletes the
-- answer rows (keeping them) and inserts the same rows again.
--
-- Tags (docs/decisions/038): `tags` replaces the entry's tags ('{}' removes
-- them); NULL, or a caller that does not name it, keeps the tags the entry
-- has, so an app from before tags cannot drop them by editing. Each tag is
-- checked where every stored tag is (entry_tags, through rederive_entries).
--
-- Own answers (docs/decisions/084), the same way: `answers`, an object of
-- question id to answer text ({"12": "7.5"}), replaces the entry's answers
-- to the person's own questions ('{}' removes them; a null or blank answer
-- is no answer); NULL keeps them, so an app from before own questions
-- cannot drop them by editing. Each answer is checked where every stored one
-- is (own_answers, through rederive_entries): one that breaks its question
-- refuses the whole edit.
CREATE OR REPLACE FUNCTION public.update_entry(
  entry_time timestamptz,
  activity text,
  energy integer,
  engagement integer,
  flow_state boolean,
  notes text DEFAULT NULL,
  new_time timestamptz DEFAULT NULL,
  tags text[] DEFAULT NULL,
  answers jsonb DEFAULT NULL
) RETURNS jsonb
LANGUAGE plpgsql SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
  target timestamptz := coalesce(new_time, entry_time);
  kept_notes text := nullif(btrim(coalesce(notes, '')), '');
  result jsonb;
  tries integer := 0;
  removed_count bigint;
  kept_key uuid;
  tags_answer text;
  own jsonb;
  bad_key text;
BEGIN
  IF caller IS NULL THEN
    RAISE EXCEPTION 'Sign in to edit entries' USING ERRCODE = '42501';
  END IF;
  IF entry_time IS NULL THEN
    RAISE EXCEPTION 'entry_time must name the entry to edit' USING ERRCODE = '22023';
  END IF;
  IF activity IS NULL OR btrim(activity) = '' OR char_length(activity) > 500 THEN
    RAISE EXCEPTION 'activity must be a text of 1 to 500 characters' USING ERRCODE = '22023';
  END IF;
  IF energy IS NULL OR energy NOT BETWEEN 0 AND 100 THEN
    RAISE EXCEPTION 'energy must be a whole number from 0 to 100' USING ERRCODE = '22023';
  END IF;
  IF engagement IS NULL OR engagement NOT BETWEEN 0 AND 100 THEN
    RAISE EXCEPTION 'engagement must be a whole number from 0 to 100' USING ERRCODE = '22023';
  END IF;
  IF flow_state IS NULL THEN
    RAISE EXCEPTION 'flow_state must be true or false' USING ERRCODE = '22023';
  END IF;
  IF char_length(coalesce(notes, '')) > 2000 THEN
    RAISE EXCEPTION 'notes must be a text of at most 2000 characters' USING ERRCODE = '22023';
  END IF;

  IF tags IS NULL THEN
    SELECT a.answer INTO tags_answer
    FROM public.user_answers a
    JOIN public.questions q ON q.id = a.question_id AND q.question = 'Tags'
    JOIN public.pages p ON p.id = q.page_id AND p.name = 'entry_context'
    WHERE a.user_id = caller AND a.created_at = entry_time;
  ELSIF cardinality(tags) > 0 THEN
    tags_answer := to_jsonb(tags)::text;
  END IF;

  IF answers IS NULL THEN
    -- Every answer of the entry that is not to a built-in question, as it is.
    SELECT coalesce(jsonb_object_agg(a.question_id::text, a.answer), '{}') INTO own
    FROM public.user_answers a
    WHERE a.user_id = caller AND a.created_at = entry_time
      AND NOT EXISTS (
        SELECT 1 FROM public.questions q
        JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')
        WHERE q.id = a.question_id
      );
  ELSIF jsonb_typeof(answers) <> 'object' THEN
    RAISE EXCEPTION 'answers must be an object of question ids to answer texts'
      USING ERRCODE = '22023';
  ELSE
    IF EXISTS (
      SELECT 1 FROM jsonb_each(answers) g
      WHERE g.key !~ '^[0-9]{1,18}$' OR jsonb_typeof(g.value) NOT IN ('string', 'null')
    ) THEN
      RAISE EXCEPTION 'answers must be an object of question ids to answer texts'
        USING ERRCODE = '22023';
    END IF;
    -- Keys as the ids they name ("012" is 12), so that one question is answered once.
    SELECT coalesce(jsonb_object_agg((g.key::bigint)::text, btrim(g.value #>> '{}')), '{}') INTO own
    FROM jsonb_each(answers) g
    WHERE jsonb_typeof(g.value) <> 'null' AND btrim(g.value #>> '{}') <> '';
    -- A question that is not the caller's own is refused in the words
    -- own_answers uses, whether it is another person's or none at all (the
    -- foreign key would otherwise tell the two apart).
    SELECT g.key INTO bad_key
    FROM jsonb_each_text(own) g
    WHERE NOT EXISTS (
      SELECT 1 FROM public.questions q WHERE q.id = g.key::bigint AND q.owner_id = caller
    )
    LIMIT 1;
    IF bad_key IS NOT NULL THEN
      RAISE EXCEPTION 'An answer names a question that is not one of yours'
        USING ERRCODE = '22023', DETAIL = format('question_id %s', bad_key);
    END IF;
  END IF;

  -- Another person's entry is invisible here (RLS), so it is "not found",
  -- exactly like one that never existed: nothing tells them apart.
  -- The entry keeps its device-made key (docs/decisions/035), so a late
  -- re-send of the entry as first logged still finds it and stores nothing.
  WITH removed AS (
    DELETE FROM public.user_answers a WHERE a.user_id = caller AND a.created_at = entry_time
    RETURNING a.entry_key
  )
  SELECT count(*), (array_agg(r.entry_key) FILTER (WHERE r.entry_key IS NOT NULL))[1]
    INTO removed_count, kept_key
  FROM removed r;
  IF removed_count = 0 THEN
    -- PostgREST answers SQLSTATE PTxyz with HTTP status xyz.
    RAISE EXCEPTION 'Entry not found'
      USING ERRCODE = 'PT404', DETAIL = 'It may have been deleted, for example in another tab.';
  END IF;
  -- A new time another entry already holds moves on to the first free
  -- microsecond, as a save at a taken instant does, under one lock for that
  -- instant, so two entries never merge into one.
  IF target <> entry_time THEN
    LOOP
      tries := tries + 1;
      IF tries > 20 THEN
        RAISE EXCEPTION 'Too many saves at this moment, please try again'
          USING ERRCODE = 'PT503';
      END IF;
      -- The first instant at or after target that none of this person's
      -- answers holds: the end of the run of adjacent taken instants.
      IF EXISTS (
        SELECT 1 FROM public.user_answers a
        WHERE a.user_id = caller AND a.created_at = target
      ) THEN
        SELECT run.created_at + interval '1 microsecond' INTO target
        FROM (
          SELECT t.created_at, lead(t.created_at) OVER (ORDER BY t.created_at) AS next_at
          FROM (
            SELECT DISTINCT a.created_at FROM public.user_answers a
            WHERE a.user_id = caller AND a.created_at >= target
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
        'journal.entry_time ' || caller::text || ' ' ||
          (extract(epoch FROM target) * 1000000)::bigint::text,
        0));
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM public.user_answers a
        WHERE a.user_id = caller AND a.created_at = target
      );
    END LOOP;
  END IF;

  INSERT INTO public.user_answers (user_id, question_id, answer, created_at, entry_key)
  SELECT caller, q.id, answer.text, target, kept_key
  FROM public.questions q
  JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')
  CROSS JOIN LATERAL (
    SELECT CASE q.question
      WHEN 'Tags' THEN tags_answer
      WHEN 'Activity Description' THEN btrim(activity)
      WHEN 'Energy Level' THEN energy::text
      WHEN 'Engagement Level' THEN engagement::text
      WHEN 'Flow State' THEN flow_state::text
      WHEN 'Activity Notes' THEN kept_notes
    END AS text
  ) answer
  WHERE q.active AND answer.text IS NOT NULL;

  INSERT INTO public.user_answers (user_id, question_id, answer, created_at, entry_key)
  SELECT caller, g.key::bigint, g.value, target, kept_key
  FROM jsonb_each_text(own) g;

  SELECT jsonb_build_object(
    'created_at', e.created_at, 'activity', e.activity, 'energy', e.energy,
    'engagement', e.engagement, 'flow_state', e.flow_state, 'notes', e.notes,
    'tags', to_jsonb(e.tags), 'answers', e.answers
  ) INTO result
  FROM public.activity_entries e
  WHERE e.user_id = caller AND e.created_at = target;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION public.update_entry(timestamptz, text, integer, integer, boolean, text, timestamptz, text[], jsonb)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.update_entry(timestamptz, text, integer, integer, boolean, text, timestamptz, text[], jsonb)
  TO authenticated;
