-- The look back of the weekly review (docs/decisions/071-weekly-reviews.md,
-- docs/product.md 10.1) as one JSON document, computed in the database from
-- the typed rows of activity_entries, like insights() (docs/decisions/017).
-- Runs as the caller: row-level security limits it to the caller's own
-- entries and reviews.
--   week:      any day of the week to review; the week is Monday to Sunday
--              in time_zone, and week_start in the answer is its Monday.
--   time_zone: the person's IANA zone (journal_private.require_time_zone).
-- The answer:
--   energized: the week's activities averaging at least
--              energizer_min_energy (the Insights threshold), highest
--              first; drained: those below, lowest first. Every activity
--              with an entry counts; each with its average energy and its
--              number of entries, names grouped as in Insights
--              (activity_key) with the most recent spelling. Each list
--              holds its first list_max; energized_count and drained_count
--              say how many there are (docs/decisions/087).
--   flow:      the list_max most recent of the week's entries in flow,
--              oldest first: time, activity, the first note_start
--              characters of the notes, and notes_cut when there is more
--              (the page reads the rest from the entry); flow_count says
--              how many entries of the week were in flow. So the answer
--              stays small however crowded the week (docs/decisions/087).
--   planned:   null, or the experiment of the review of the week before:
--              for each activity or tag it chose, its entries and average
--              energy in this week and in the week before (when the plan
--              was made), an activity matched by its key, a tag by its key
--              among the entry's tag keys.
CREATE OR REPLACE FUNCTION public.week_in_review(week date, time_zone text DEFAULT 'UTC')
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  energizer_min_energy CONSTANT integer := 50;
  list_max CONSTANT integer := 50;
  note_start CONSTANT integer := 200;
  monday date;
  starts_at timestamptz;
  ends_at timestamptz;
  before_at timestamptz;
  result jsonb;
BEGIN
  PERFORM journal_private.require_time_zone(time_zone);
  IF week IS NULL OR NOT isfinite(week) OR week < date '1900-01-08' OR week > date '9999-12-24' THEN
    RAISE EXCEPTION 'week must be a date from 1900 to 9999'
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Pass any day of the week to review, such as 2026-03-09.';
  END IF;
  monday := week - (extract(isodow FROM week)::integer - 1);
  starts_at := monday::timestamp AT TIME ZONE time_zone;
  ends_at := (monday + 7)::timestamp AT TIME ZONE time_zone;
  before_at := (monday - 7)::timestamp AT TIME ZONE time_zone;

  -- Both weeks' entries in one read along the primary key (user, time);
  -- their notes are read only for the flow moments listed, by that key, so
  -- a crowded week's notes are never all copied.
  WITH entries AS MATERIALIZED (
    SELECT e.user_id, e.activity, e.activity_key, e.tag_keys, e.energy, e.flow_state, e.created_at,
           e.created_at >= starts_at AS this_week
    FROM public.activity_entries e
    WHERE e.created_at >= before_at AND e.created_at < ends_at
  ),
  per_activity AS (
    SELECT activity_key, (array_agg(activity ORDER BY created_at DESC))[1] AS name,
           count(*)::integer AS entries, avg(energy) AS avg_energy
    FROM entries WHERE this_week
    GROUP BY activity_key
  ),
  plan AS (
    SELECT c.ord, c.plan, c.kind, c.name, public.activity_key(c.name) AS key
    FROM public.weekly_reviews r
    CROSS JOIN LATERAL (VALUES (1, 'more', r.more_kind, r.more_name),
                               (2, 'less', r.less_kind, r.less_name)) c (ord, plan, kind, name)
    WHERE r.week_start = monday - 7 AND c.kind IS NOT NULL
  ),
  checked AS (
    SELECT p.ord, jsonb_build_object(
             'plan', p.plan, 'kind', p.kind, 'name', p.name,
             'entries', count(e.created_at) FILTER (WHERE e.this_week),
             'avg_energy', round((avg(e.energy) FILTER (WHERE e.this_week))::numeric, 2),
             'entries_before', count(e.created_at) FILTER (WHERE NOT e.this_week),
             'avg_energy_before', round((avg(e.energy) FILTER (WHERE NOT e.this_week))::numeric, 2)
           ) AS doc
    FROM plan p
    LEFT JOIN entries e
      ON (p.kind = 'activity' AND e.activity_key = p.key)
      OR (p.kind = 'tag' AND e.tag_keys @> ARRAY[p.key])
    GROUP BY p.ord, p.plan, p.kind, p.name
  ),
  listed AS (
    SELECT activity_key, avg_energy, entries,
           jsonb_build_object('key', activity_key, 'name', name, 'entries', entries,
                              'avg_energy', round(avg_energy::numeric, 2)) AS doc
    FROM per_activity
  )
  SELECT jsonb_build_object(
    'week_start', monday,
    'week_end', monday + 6,
    'time_zone', time_zone,
    'entries', (SELECT count(*) FROM entries WHERE this_week),
    'energized', (SELECT coalesce(jsonb_agg(doc ORDER BY avg_energy DESC, entries DESC, activity_key), '[]')
                  FROM (SELECT * FROM listed WHERE avg_energy >= energizer_min_energy
                        ORDER BY avg_energy DESC, entries DESC, activity_key LIMIT list_max) l),
    'energized_count', (SELECT count(*) FROM listed WHERE avg_energy >= energizer_min_energy),
    'drained', (SELECT coalesce(jsonb_agg(doc ORDER BY avg_energy ASC, entries DESC, activity_key), '[]')
                FROM (SELECT * FROM listed WHERE avg_energy < energizer_min_energy
                      ORDER BY avg_energy ASC, entries DESC, activity_key LIMIT list_max) l),
    'drained_count', (SELECT count(*) FROM listed WHERE avg_energy < energizer_min_energy),
    'flow', (SELECT coalesce(jsonb_agg(jsonb_build_object('created_at', f.created_at,
                                                          'activity', f.activity,
                                                          'notes', left(a.notes, note_start),
                                                          'notes_cut', coalesce(char_length(a.notes) > note_start, false))
                                       ORDER BY f.created_at), '[]')
             FROM (SELECT user_id, created_at, activity FROM entries WHERE this_week AND flow_state
                   ORDER BY created_at DESC LIMIT list_max) f
             JOIN public.activity_entries a ON a.user_id = f.user_id AND a.created_at = f.created_at),
    'flow_count', (SELECT count(*) FROM entries WHERE this_week AND flow_state),
    'planned', (SELECT jsonb_build_object(
                         'week_start', monday - 7,
                         'how', (SELECT how FROM public.weekly_reviews WHERE week_start = monday - 7),
                         'checks', coalesce((SELECT jsonb_agg(doc ORDER BY ord) FROM checked), '[]'))
                WHERE EXISTS (SELECT 1 FROM public.weekly_reviews WHERE week_start = monday - 7)),
    'thresholds', jsonb_build_object('energizer_min_energy', energizer_min_energy)
  ) INTO result;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION public.week_in_review(date, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.week_in_review(date, text) TO authenticated;
