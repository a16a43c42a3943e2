-- Imports a batch of entries for the caller. Runs as the caller, so row-level
-- security and the column grants of user_answers decide what it may write
-- (only the caller's own rows), and the time trigger (place_answer_in_time)
-- still refuses entries in the future. The batch is one statement: every
-- entry lands with all of its answers or, when anything in the batch is
-- wrong, none does.
-- An entry whose time the caller already has is not written again: with the
-- same activity it counts as skipped (importing a file twice adds nothing),
-- with another activity as a conflict (a time holds one entry).
-- An entry may carry `tags`, an array of texts (docs/decisions/038), stored
-- as the entry's 'Tags' answer; absent, null or [] means no tags. The count
-- and lengths are checked here so the message names the entry; every rule
-- (also the characters) is checked where all tags are (entry_tags).
-- An entry may carry `answers`, an object of question id to answer text
-- (docs/decisions/084): its answers to the caller's own questions, which the
-- app makes first. A null or blank answer is no answer. A question that is
-- not the caller's is refused here in the words own_answers uses; each
-- answer's type and bounds are checked where every stored answer is
-- (own_answers, through rederive_entries), whose message names the question,
-- and a refusal there too writes nothing of the batch.
CREATE OR REPLACE FUNCTION public.import_entries(entries jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
  bad record;
  result jsonb;
BEGIN
  IF caller IS NULL THEN
    RAISE EXCEPTION 'Sign in to import entries' USING ERRCODE = '42501';
  END IF;
  IF entries IS NULL OR jsonb_typeof(entries) <> 'array' THEN
    RAISE EXCEPTION 'entries must be an array of entries' USING ERRCODE = '22023';
  END IF;
  IF jsonb_array_length(entries) > 1000 THEN
    RAISE EXCEPTION 'At most 1000 entries per call'
      USING ERRCODE = '22023', DETAIL = format('%s entries were sent.', jsonb_array_length(entries));
  END IF;

  -- The first entry that is not well formed, named by its position, so that
  -- nothing of a wrong batch is written and the client learns what was wrong.
  SELECT t.position, t.problem INTO bad
  FROM (
    SELECT n AS position,
      CASE
        WHEN jsonb_typeof(e) <> 'object' THEN 'is not an object'
        WHEN jsonb_typeof(e -> 'created_at') IS DISTINCT FROM 'string'
          OR (e ->> 'created_at') !~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)$'
          THEN 'created_at must be an ISO 8601 time with an offset'
        WHEN jsonb_typeof(e -> 'activity') IS DISTINCT FROM 'string'
          OR btrim(e ->> 'activity') = '' OR char_length(e ->> 'activity') > 500
          THEN 'activity must be a text of 1 to 500 characters'
        WHEN jsonb_typeof(e -> 'energy') IS DISTINCT FROM 'number'
          OR (e ->> 'energy') !~ '^\d{1,3}$' OR (e ->> 'energy')::integer > 100
          THEN 'energy must be a whole number from 0 to 100'
        WHEN jsonb_typeof(e -> 'engagement') IS DISTINCT FROM 'number'
          OR (e ->> 'engagement') !~ '^\d{1,3}$' OR (e ->> 'engagement')::integer > 100
          THEN 'engagement must be a whole number from 0 to 100'
        WHEN jsonb_typeof(e -> 'flow_state') IS DISTINCT FROM 'boolean'
          THEN 'flow_state must be true or false'
        WHEN coalesce(jsonb_typeof(e -> 'notes'), 'null') NOT IN ('string', 'null')
          OR char_length(coalesce(e ->> 'notes', '')) > 2000
          THEN 'notes must be a text of at most 2000 characters or null'
        WHEN coalesce(jsonb_typeof(e -> 'tags'), 'null') NOT IN ('array', 'null')
          OR jsonb_array_length(CASE jsonb_typeof(e -> 'tags') WHEN 'array' THEN e -> 'tags' ELSE '[]' END) > 10
          OR EXISTS (
            SELECT 1
            FROM jsonb_array_elements(CASE jsonb_typeof(e -> 'tags') WHEN 'array' THEN e -> 'tags' ELSE '[]' END) t
            WHERE jsonb_typeof(t) <> 'string'
               OR char_length(btrim(regexp_replace(t #>> '{}', '\s+', ' ', 'g'))) NOT BETWEEN 1 AND 40
          )
          THEN 'tags must be an array of at most 10 texts of 1 to 40 characters, or null'
        WHEN coalesce(jsonb_typeof(e -> 'answers'), 'null') NOT IN ('object', 'null')
          OR EXISTS (
            SELECT 1
            FROM jsonb_each(CASE jsonb_typeof(e -> 'answers') WHEN 'object' THEN e -> 'answers' ELSE '{}' END) g
            WHERE g.key !~ '^[0-9]{1,18}$' OR jsonb_typeof(g.value) NOT IN ('string', 'null')
          )
          THEN 'answers must be an object of question ids to answer texts, or null'
      END AS problem
    FROM jsonb_array_elements(entries) WITH ORDINALITY AS input (e, n)
  ) t
  WHERE t.problem IS NOT NULL
  ORDER BY t.position
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Entry % %', bad.position, bad.problem USING ERRCODE = '22023';
  END IF;
  -- The caller reads only their own questions and the built-in ones (RLS),
  -- so another person's question and none at all look alike here.
  SELECT t.position, t.question_id INTO bad
  FROM (
    SELECT n AS position, g.key AS question_id
    FROM jsonb_array_elements(entries) WITH ORDINALITY AS input (e, n)
    CROSS JOIN LATERAL jsonb_each(CASE jsonb_typeof(e -> 'answers') WHEN 'object' THEN e -> 'answers' ELSE '{}' END) g
    WHERE NOT EXISTS (
      SELECT 1 FROM public.questions q WHERE q.id = g.key::bigint AND q.owner_id = caller
    )
  ) t
  ORDER BY t.position
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'An answer names a question that is not one of yours'
      USING ERRCODE = '22023', DETAIL = format('Entry %s, question_id %s', bad.position, bad.question_id);
  END IF;

  WITH input AS (
    SELECT n, (e ->> 'created_at')::timestamptz AS created_at, e ->> 'activity' AS activity,
           (e ->> 'energy')::integer AS energy, (e ->> 'engagement')::integer AS engagement,
           (e ->> 'flow_state')::boolean AS flow_state, nullif(e ->> 'notes', '') AS notes,
           CASE WHEN jsonb_typeof(e -> 'tags') = 'array' AND jsonb_array_length(e -> 'tags') > 0
                THEN (e -> 'tags')::text END AS tags,
           CASE jsonb_typeof(e -> 'answers') WHEN 'object' THEN e -> 'answers' ELSE '{}' END AS answers
    FROM jsonb_array_elements(entries) WITH ORDINALITY AS input (e, n)
  ),
  -- A time given twice in one batch is written once, from its first entry.
  first_at_time AS (
    SELECT DISTINCT ON (created_at) * FROM input ORDER BY created_at, n
  ),
  classified AS (
    SELECT i.*,
      CASE
        WHEN NOT EXISTS (
          SELECT 1 FROM public.user_answers a WHERE a.user_id = caller AND a.created_at = i.created_at
        ) THEN 'new'
        WHEN EXISTS (
          SELECT 1 FROM public.activity_entries x
          WHERE x.user_id = caller AND x.created_at = i.created_at
            AND x.activity_key = public.activity_key(i.activity)
        ) THEN 'same'
        ELSE 'conflict'
      END AS state
    FROM first_at_time i
  ),
  questions AS (
    SELECT q.id, q.question FROM public.questions q
    JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context')
    WHERE q.active
  ),
  written AS (
    INSERT INTO public.user_answers (user_id, question_id, answer, created_at)
    SELECT caller, q.id, answer.text, c.created_at
    FROM classified c
    CROSS JOIN questions q
    CROSS JOIN LATERAL (
      SELECT CASE q.question
        WHEN 'Activity Description' THEN c.activity
        WHEN 'Energy Level' THEN c.energy::text
        WHEN 'Engagement Level' THEN c.engagement::text
        WHEN 'Flow State' THEN c.flow_state::text
        WHEN 'Activity Notes' THEN c.notes
        WHEN 'Tags' THEN c.tags
      END AS text
    ) answer
    WHERE c.state = 'new' AND answer.text IS NOT NULL
    UNION ALL
    -- One answer per question and entry, even when two keys name one id ("12", "012").
    SELECT DISTINCT ON (c.created_at, g.key::bigint)
           caller, g.key::bigint, btrim(g.value #>> '{}'), c.created_at
    FROM classified c
    CROSS JOIN LATERAL jsonb_each(c.answers) g
    WHERE c.state = 'new' AND jsonb_typeof(g.value) = 'string' AND btrim(g.value #>> '{}') <> ''
    RETURNING created_at
  )
  SELECT jsonb_build_object(
    'added', (SELECT count(DISTINCT created_at) FROM written),
    'skipped', (SELECT count(*) FROM input) - (SELECT count(*) FROM classified)
               + (SELECT count(*) FROM classified WHERE state = 'same'),
    'conflicts', (SELECT count(*) FROM classified WHERE state = 'conflict')
  ) INTO result;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION public.import_entries(jsonb) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.import_entries(jsonb) TO authenticated;
