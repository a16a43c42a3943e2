-- Derives the typed rows of the given (user, time) keys from their answers:
-- inserts or updates an entry that is valid (a non-blank activity, numeric
-- energy and engagement), deletes one that no longer is or has no answers.
CREATE OR REPLACE FUNCTION journal_private.rederive_entries(key_users uuid[], key_times timestamptz[])
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

REVOKE ALL ON FUNCTION journal_private.rederive_entries(uuid[], timestamptz[]) FROM PUBLIC, anon, authenticated;
