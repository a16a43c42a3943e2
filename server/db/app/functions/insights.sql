-- All of the Insights tab for one period, as one JSON document, computed in
-- the database from the typed rows of activity_entries (docs/decisions/017),
-- so a long journal is never downloaded. Runs as the caller: row-level
-- security limits it to the caller's own entries.
--   period_days: the last N calendar days in time_zone, today included
--                (1..3660); null means all time.
--   time_zone:   the person's IANA zone (e.g. 'Europe/Berlin'; checked by
--                journal_private.require_time_zone); days, weeks, parts of
--                the day and weekdays are the person's own.
-- Ranked activities have at least min_entries entries; energizers average
-- at least energizer_min_energy, drainers less, and each list holds at most
-- max_listed. The answer carries these three under "thresholds", so the app
-- states the rules from here (docs/decisions/031). Their interval is the 95%
-- confidence interval of the mean energy, mean ± t(0.975, n-1) · sd / √n,
-- with t from Student's table (the table value of the next lower listed
-- degrees of freedom above 30, so the interval is never too narrow),
-- clipped to 0..100.
-- Comparisons, what to try and their rules come from
-- journal_private.held_fixed_comparisons (docs/decisions/083); a person's
-- own yes-or-no questions asked with every entry are compared there too,
-- and their other number, scale and once-a-day yes-or-no questions are
-- "own_questions", from journal_private.question_findings
-- (docs/decisions/085).
CREATE OR REPLACE FUNCTION public.insights(period_days integer DEFAULT 30, time_zone text DEFAULT 'UTC')
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  local_now timestamp;
  since timestamptz;
  result jsonb;
  min_entries CONSTANT integer := 3;
  energizer_min_energy CONSTANT integer := 50;
  max_listed CONSTANT integer := 5;
  held jsonb;
  -- The caller's own questions that Insights relates to energy (text
  -- answers are not): one read of a few rows, and a journal without them
  -- reads nothing more for them.
  own jsonb;
  yes_no_ids text[];
  findings jsonb;
BEGIN
  PERFORM journal_private.require_time_zone(time_zone);
  local_now := now() AT TIME ZONE time_zone;
  IF period_days IS NOT NULL AND (period_days < 1 OR period_days > 3660) THEN
    RAISE EXCEPTION 'period_days must be between 1 and 3660, or null for all time'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  since := CASE WHEN period_days IS NULL THEN NULL
                ELSE (local_now::date - (period_days - 1))::timestamp AT TIME ZONE time_zone END;

  -- Each entry's local time is worked out once (OFFSET 0 keeps the planner
  -- from repeating the conversion in every expression that reads it), and
  -- from it the local date and hour, with as few operations per entry as
  -- can be: on PGlite (32-bit) every float8 or bigint result is an
  -- allocation. One pass of three grouping sets gives the sums per
  -- activity, per local day and per local hour.
  -- Each set costs a hash lookup and every aggregate per entry, so there
  -- are no more sets than the sections need (measure-insights.ts).
  WITH located AS (
    SELECT activity_key, energy, engagement, flow_state, created_at,
           local::date AS local_day, date_part('hour', local)::integer AS local_hour
    FROM (
      SELECT a.activity_key, a.energy, a.engagement, a.flow_state, a.created_at,
             a.created_at AT TIME ZONE time_zone AS local
      FROM public.activity_entries a
      WHERE since IS NULL OR a.created_at >= since
      OFFSET 0
    ) converted
  ),
  grouped AS MATERIALIZED (
    SELECT GROUPING(activity_key) = 0 AS per_key, GROUPING(local_day) = 0 AS per_day,
           GROUPING(local_hour) = 0 AS per_hour,
           activity_key, local_day, local_hour,
           count(*)::integer AS n,
           sum(energy)::float8 AS energy_sum,
           sum(energy::bigint * energy)::float8 AS energy_squares,
           sum(engagement)::float8 AS engagement_sum,
           sum(engagement::bigint * engagement)::float8 AS engagement_squares,
           (count(*) FILTER (WHERE flow_state))::integer AS flow_n,
           max(created_at) AS last_at
    FROM located
    GROUP BY GROUPING SETS ((activity_key), (local_day), (local_hour))
  ),
  by_activity AS (
    SELECT activity_key, n, energy_sum, energy_squares, engagement_sum, engagement_squares,
           flow_n, last_at
    FROM grouped WHERE per_key
  ),
  by_day AS (
    SELECT local_day, n, energy_sum, engagement_sum FROM grouped WHERE per_day
  ),
  by_hour AS (
    SELECT local_hour, n, energy_sum, energy_squares, engagement_sum, engagement_squares
    FROM grouped WHERE per_hour
  ),
  -- The whole period: every entry falls in exactly one local hour.
  totals AS (
    SELECT coalesce(sum(n), 0)::integer AS n, sum(energy_sum) AS energy_sum,
           sum(energy_squares) AS energy_squares, sum(engagement_sum) AS engagement_sum,
           sum(engagement_squares) AS engagement_squares
    FROM by_hour
  ),
  per_activity AS (
    SELECT s.activity_key, a.activity AS name, s.n AS entries,
           s.energy_sum / s.n AS avg_energy, s.engagement_sum / s.n AS avg_engagement,
           s.flow_n::float8 / s.n AS flow_share,
           CASE WHEN s.n > 1
                THEN sqrt(greatest(0, (s.energy_squares - s.energy_sum * s.energy_sum / s.n) / (s.n - 1)))
                ELSE 0 END AS sd_energy,
           s.last_at
    FROM by_activity s
    -- The most recent spelling: the activity's latest entry, from the index.
    CROSS JOIN LATERAL (
      SELECT x.activity FROM public.activity_entries x
      WHERE x.activity_key = s.activity_key AND x.created_at = s.last_at LIMIT 1
    ) a
  ),
  ranked AS (
    SELECT p.*,
           CASE WHEN entries - 1 <= 30
                THEN (ARRAY[12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                            2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                            2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042])
                     [entries - 1]
                WHEN entries - 1 <= 40 THEN 2.042
                WHEN entries - 1 <= 60 THEN 2.021
                WHEN entries - 1 <= 120 THEN 2.000
                ELSE 1.980 END * sd_energy / sqrt(entries) AS margin
    FROM per_activity p WHERE entries >= min_entries
  ),
  rows_json AS (
    SELECT r.*, jsonb_build_object(
             'key', activity_key, 'name', name, 'entries', entries,
             'avg_energy', round(avg_energy::numeric, 2),
             'avg_engagement', round(avg_engagement::numeric, 2),
             'flow_share', round(flow_share::numeric, 4),
             'sd_energy', round(sd_energy::numeric, 2),
             'margin', round(margin::numeric, 2),
             'interval_low', round(greatest(0, avg_energy - margin)::numeric, 2),
             'interval_high', round(least(100, avg_energy + margin)::numeric, 2)) AS doc
    FROM ranked r
  ),
  days AS (
    SELECT local_day AS day, extract(isodow FROM local_day)::integer AS weekday,
           n, energy_sum, engagement_sum
    FROM by_day
  ),
  trend_unit AS (
    SELECT CASE WHEN period_days IS NOT NULL AND period_days <= 31 THEN 'day' ELSE 'week' END AS unit
  ),
  trend_buckets AS (
    SELECT CASE WHEN u.unit = 'day' THEN d.day ELSE d.day - (d.weekday - 1) END AS bucket,
           sum(n)::integer AS entries,
           sum(energy_sum) / sum(n) AS avg_energy, sum(engagement_sum) / sum(n) AS avg_engagement
    FROM days d, trend_unit u GROUP BY 1
  ),
  trend_range AS (
    SELECT u.unit,
           CASE WHEN period_days IS NOT NULL AND u.unit = 'day' THEN local_now::date - (period_days - 1)
                WHEN period_days IS NOT NULL THEN date_trunc('week', (local_now::date - (period_days - 1))::timestamp)::date
                ELSE (SELECT min(bucket) FROM trend_buckets) END AS first_bucket,
           CASE WHEN u.unit = 'day' THEN local_now::date
                ELSE date_trunc('week', local_now)::date END AS last_bucket
    FROM trend_unit u
  ),
  trend AS (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'start', s.bucket, 'entries', coalesce(b.entries, 0),
             'avg_energy', round(b.avg_energy::numeric, 2),
             'avg_engagement', round(b.avg_engagement::numeric, 2)) ORDER BY s.bucket), '[]') AS doc
    FROM trend_range r
    CROSS JOIN LATERAL (
      SELECT g::date AS bucket
      FROM generate_series(r.first_bucket::timestamp, r.last_bucket::timestamp,
                           CASE WHEN r.unit = 'day' THEN interval '1 day' ELSE interval '1 week' END) g
      WHERE r.first_bucket IS NOT NULL
    ) s
    LEFT JOIN trend_buckets b ON b.bucket = s.bucket
  ),
  -- Parts of the day in local time: morning 05–12, afternoon 12–17,
  -- evening 17–22, night 22–05.
  parts AS (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'part', p.part, 'entries', coalesce(x.entries, 0),
             'avg_energy', round(x.avg_energy::numeric, 2),
             'avg_engagement', round(x.avg_engagement::numeric, 2)) ORDER BY p.ord), '[]') AS doc
    FROM (VALUES (1, 'morning'), (2, 'afternoon'), (3, 'evening'), (4, 'night')) p (ord, part)
    LEFT JOIN (
      SELECT CASE WHEN local_hour >= 5 AND local_hour < 12 THEN 'morning'
                  WHEN local_hour >= 12 AND local_hour < 17 THEN 'afternoon'
                  WHEN local_hour >= 17 AND local_hour < 22 THEN 'evening'
                  ELSE 'night' END AS part,
             sum(n)::integer AS entries,
             sum(energy_sum) / sum(n) AS avg_energy, sum(engagement_sum) / sum(n) AS avg_engagement
      FROM by_hour GROUP BY 1
    ) x ON x.part = p.part
  ),
  -- ISO weekdays in local time: 1 = Monday … 7 = Sunday.
  weekdays AS (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'weekday', w.n, 'entries', coalesce(x.entries, 0),
             'avg_energy', round(x.avg_energy::numeric, 2),
             'avg_engagement', round(x.avg_engagement::numeric, 2)) ORDER BY w.n), '[]') AS doc
    FROM generate_series(1, 7) w (n)
    LEFT JOIN (
      SELECT weekday, sum(n)::integer AS entries,
             sum(energy_sum) / sum(n) AS avg_energy, sum(engagement_sum) / sum(n) AS avg_engagement
      FROM days GROUP BY 1
    ) x ON x.weekday = w.n
  ),
  -- This week (Monday to now, local) against the whole of last week,
  -- whatever the chosen period: a few hundred entries at most.
  recent AS (
    SELECT e.activity, e.activity_key, e.energy, e.flow_state, e.created_at,
           date_trunc('week', e.created_at AT TIME ZONE time_zone) = date_trunc('week', local_now) AS this_week
    FROM public.activity_entries e
    WHERE e.created_at >= date_trunc('week', local_now - interval '7 days') AT TIME ZONE time_zone
  ),
  week_totals AS (
    SELECT count(*) FILTER (WHERE this_week)::integer AS entries_this,
           count(*) FILTER (WHERE NOT this_week)::integer AS entries_last,
           round((avg(energy) FILTER (WHERE this_week))::numeric, 2) AS energy_this,
           round((avg(energy) FILTER (WHERE NOT this_week))::numeric, 2) AS energy_last,
           count(*) FILTER (WHERE this_week AND flow_state)::integer AS flow_this
    FROM recent
  ),
  week_activities AS (
    SELECT (array_agg(activity ORDER BY created_at DESC))[1] AS name,
           count(*)::integer AS entries, round(avg(energy)::numeric, 2) AS avg_energy
    FROM recent WHERE this_week GROUP BY activity_key
  ),
  week AS (
    SELECT jsonb_build_object(
             'week_start', date_trunc('week', local_now)::date,
             'entries', t.entries_this, 'entries_last_week', t.entries_last,
             'avg_energy', t.energy_this, 'avg_energy_last_week', t.energy_last,
             'flow_entries', t.flow_this,
             'best', (SELECT jsonb_build_object('name', name, 'avg_energy', avg_energy, 'entries', entries)
                      FROM week_activities ORDER BY avg_energy DESC, entries DESC, name LIMIT 1),
             'lowest', (SELECT jsonb_build_object('name', name, 'avg_energy', avg_energy, 'entries', entries)
                        FROM week_activities ORDER BY avg_energy ASC, entries DESC, name LIMIT 1)
           ) AS doc
    FROM week_totals t
  )
  SELECT jsonb_build_object(
    'period_days', period_days,
    'since', since,
    'time_zone', time_zone,
    'entries', (SELECT coalesce(sum(n), 0) FROM by_activity),
    'activities', (SELECT count(*) FROM by_activity),
    'energizers', (SELECT coalesce(jsonb_agg(doc ORDER BY avg_energy DESC, entries DESC, activity_key), '[]')
                   FROM (SELECT * FROM rows_json WHERE avg_energy >= energizer_min_energy
                         ORDER BY avg_energy DESC, entries DESC, activity_key LIMIT max_listed) top),
    'drainers', (SELECT coalesce(jsonb_agg(doc ORDER BY avg_energy ASC, entries DESC, activity_key), '[]')
                 FROM (SELECT * FROM rows_json WHERE avg_energy < energizer_min_energy
                       ORDER BY avg_energy ASC, entries DESC, activity_key LIMIT max_listed) low),
    'ranked', (SELECT coalesce(jsonb_agg(doc ORDER BY avg_energy DESC, entries DESC, activity_key), '[]')
               FROM rows_json),
    'needs_more', (SELECT coalesce(jsonb_agg(jsonb_build_object('key', activity_key, 'name', name,
                                                                'entries', entries)
                                             ORDER BY last_at DESC), '[]')
                   FROM per_activity WHERE entries < min_entries),
    'trend_unit', (SELECT unit FROM trend_unit),
    'trend', (SELECT doc FROM trend),
    'parts_of_day', (SELECT doc FROM parts),
    'weekdays', (SELECT doc FROM weekdays),
    'week', (SELECT doc FROM week),
    'thresholds', jsonb_build_object('min_entries', min_entries,
                                     'energizer_min_energy', energizer_min_energy,
                                     'max_listed', max_listed)
  ) INTO result;
  -- What goes with more energy and engagement, each factor with the others
  -- held fixed, and what to try (docs/decisions/083); its own rules join
  -- the thresholds.
  SELECT jsonb_agg(jsonb_build_object(
           'id', q.id, 'question', q.question, 'answer_type', q.answer_type, 'asked', q.asked,
           'unit', q.unit, 'label_1', q.label_1, 'label_5', q.label_5, 'active', q.active)
           ORDER BY q.id),
         array_agg(q.id::text ORDER BY q.id) FILTER (WHERE q.answer_type = 'yes_no' AND q.asked = 'entry')
  INTO own, yes_no_ids
  FROM public.questions q
  WHERE q.owner_id = (SELECT auth.uid()) AND q.answer_type IN ('yes_no', 'number', 'scale');
  held := journal_private.held_fixed_comparisons(since, time_zone, yes_no_ids);
  findings := journal_private.question_findings(
                since, time_zone,
                (SELECT coalesce(jsonb_agg(q), '[]') FROM jsonb_array_elements(own) q
                 WHERE NOT (q ->> 'answer_type' = 'yes_no' AND q ->> 'asked' = 'entry')),
                (SELECT coalesce(array_agg((r ->> 'p_value')::float8), '{}')
                 FROM jsonb_array_elements(coalesce(held -> 'energy', '[]')
                                           || coalesce(held -> 'engagement', '[]')) r));
  result := result
    || jsonb_build_object('comparisons', jsonb_build_object('energy', held -> 'energy',
                                                            'engagement', held -> 'engagement'),
                          'to_try', held -> 'to_try',
                          'typical_activities', held -> 'typical',
                          'comparisons_made', held -> 'comparisons',
                          'own_questions', findings -> 'questions')
    || jsonb_build_object('thresholds', (result -> 'thresholds') || (held -> 'rules')
                                        || (findings -> 'rules'));
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION public.insights(integer, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.insights(integer, text) TO authenticated;
