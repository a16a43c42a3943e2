-- What goes with more energy and engagement, each factor with the others
-- held fixed (docs/decisions/083): for the period's entries (since null:
-- all of them; days and hours in time_zone), one least-squares model per
-- measure,
--   measure = the day's own level + part of the day + a smooth curve of the
--             hour + the entry's activity + each of its tags,
-- so a day's sleep, illness or weekday cancels (only entries of the same day
-- are compared), as do the time of day and the other factors. Runs as the
-- caller: row-level security limits it to the caller's own entries.
--
-- Compared: every activity and tag with at least min_each entries, as many
-- entries without it, and min_days days that hold entries both with and
-- without it (at most max_activities activities and max_tags tags, those
-- with the most entries; the other activities are one group of "the rest",
-- the other tags are left out). An activity is compared with "your typical
-- activity": the average of the middle half of the compared activities'
-- effects, so that one strong drainer does not make every other activity
-- look good. A tag is compared with the same entries without it.
--
-- Intervals are clustered by day: the spread comes from the days, not the
-- entries (the sandwich with each day's scores, times G/(G−1)·(N−1)/(N−p)),
-- with Student's t for the days that hold entries both with and without the
-- factor, less one, so a factor seen on few days gets a wide interval.
-- Clear: kept by Benjamini–Hochberg at a false-discovery rate of fdr over
-- every comparison of both measures, and its 95% interval excludes zero.
--
-- Returns {"energy": [...], "engagement": [...], "to_try": [...],
-- "comparisons": m, "rules": {...}} (the rows and fields: docs/product.md,
-- Insights).
CREATE OR REPLACE FUNCTION journal_private.held_fixed_comparisons(since timestamptz, time_zone text)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  min_each CONSTANT integer := 3;
  min_days CONSTANT integer := 3;
  max_activities CONSTANT integer := 24;
  max_tags CONSTANT integer := 12;
  max_to_try CONSTANT integer := 3;
  fdr CONSTANT float8 := 0.05;
  -- Columns 1–3: afternoon, evening, night (morning is the base); 4 and 5:
  -- the hour and its square, centred on 14:00, in units of 6 hours.
  time_columns CONSTANT integer := 5;
  factors jsonb;
  activity_columns text[];
  tag_columns text[];
  size integer;
  gram float8[];
  moments float8[];
  inverse float8[];
  beta_energy float8[];
  beta_engagement float8[];
  meat_energy float8[];
  meat_engagement float8[];
  entries_used float8;
  days_used integer;
  result jsonb;
  -- What the app states when it explains the comparisons.
  rules CONSTANT jsonb := jsonb_build_object(
    'comparison_min_each', min_each, 'comparison_min_days', min_days,
    'false_discovery_rate', fdr, 'max_compared_activities', max_activities,
    'max_compared_tags', max_tags);
  -- Whether some entries (on days with two or more) have an activity that
  -- is not compared; if not, base_activity is the compared one without a column.
  others_logged boolean;
  base_activity text;
  row_no integer;
  col_no integer;
BEGIN
  -- The factors to compare, with their counts, and the columns they get.
  WITH located AS (
    SELECT activity_key, tag_keys, created_at, (created_at AT TIME ZONE time_zone)::date AS day
    FROM public.activity_entries a
    WHERE since IS NULL OR a.created_at >= since
  ),
  day_sizes AS (SELECT day, count(*) AS n FROM located GROUP BY day),
  per_factor_day AS (
    SELECT 'activity' AS kind, activity_key AS key, day, count(*) AS n, max(created_at) AS last_at
    FROM located GROUP BY 2, 3
    UNION ALL
    SELECT 'tag', k, day, count(*), max(created_at)
    FROM located CROSS JOIN LATERAL unnest(tag_keys) k GROUP BY 2, 3
  ),
  totals AS (
    SELECT sum(n) AS entries, count(*) AS days, sum(n) FILTER (WHERE n >= 2) AS all_used
    FROM day_sizes
  ),
  stats AS (
    SELECT f.kind, f.key, sum(f.n)::integer AS entries, count(*)::integer AS days,
           count(*) FILTER (WHERE f.n < d.n)::integer AS mixed_days,
           count(*) FILTER (WHERE f.n = d.n)::integer AS days_only_with, max(f.last_at) AS last_at,
           coalesce(sum(f.n) FILTER (WHERE d.n >= 2), 0)::integer AS used
    FROM per_factor_day f JOIN day_sizes d USING (day)
    GROUP BY f.kind, f.key
  ),
  eligible AS (
    SELECT s.*, t.entries - s.entries AS entries_without, t.all_used,
           (t.days - s.days_only_with)::integer AS days_without,
           row_number() OVER (PARTITION BY s.kind ORDER BY s.entries DESC, s.key) AS rank
    FROM stats s CROSS JOIN totals t
    WHERE s.entries >= min_each AND t.entries - s.entries >= min_each AND s.mixed_days >= min_days
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
           'kind', kind, 'key', key, 'entries_with', entries, 'entries_without', entries_without,
           'days_with', days, 'days_without', days_without, 'mixed_days', mixed_days, 'last_at', last_at)
           ORDER BY kind, rank), '[]'),
         coalesce(max(all_used) > sum(used) FILTER (WHERE kind = 'activity'), true)
  INTO factors, others_logged
  FROM eligible
  WHERE rank <= CASE WHEN kind = 'activity' THEN max_activities ELSE max_tags END;

  SELECT coalesce(array_agg(f ->> 'key' ORDER BY o) FILTER (WHERE f ->> 'kind' = 'activity'), '{}'),
         coalesce(array_agg(f ->> 'key' ORDER BY o) FILTER (WHERE f ->> 'kind' = 'tag'), '{}')
  INTO activity_columns, tag_columns
  FROM jsonb_array_elements(factors) WITH ORDINALITY AS x (f, o);

  -- Activities exclude each other: with the day held fixed, one of them is
  -- the base without a column, whose effect is 0, and every comparison is a
  -- difference. The base is "the rest" when some entries' activity is not
  -- compared; else the compared activity with the fewest entries.
  -- With fewer than two compared activities there is no typical one.
  IF cardinality(activity_columns) < 2 THEN
    activity_columns := '{}';
  ELSIF NOT others_logged THEN
    base_activity := activity_columns[cardinality(activity_columns)];
    activity_columns := trim_array(activity_columns, 1);
  END IF;
  IF cardinality(activity_columns) = 0 AND cardinality(tag_columns) = 0 THEN
    RETURN jsonb_build_object('energy', '[]'::jsonb, 'engagement', '[]'::jsonb,
                              'to_try', '[]'::jsonb, 'comparisons', 0, 'rules', rules);
  END IF;

  -- X'X and X'y of the model with each day's means taken out, from the
  -- cells (held_fixed_cells), per day d with c_d = Σ n·x over its cells:
  --   Σ_cells n·x·x' − Σ_d c_d·c_d'/n_d   and   Σ_cells x·y_sum − Σ_d c_d·ȳ_d.
  -- A column that the others already make (an activity always logged at
  -- the same hour, a tag only ever on one activity) is dropped by
  -- symmetric_inverse, and its factor is not compared: the model cannot tell
  -- it apart.
  size := time_columns + cardinality(activity_columns) + cardinality(tag_columns);
  WITH x AS MATERIALIZED (
    SELECT * FROM journal_private.held_fixed_cells(since, time_zone, activity_columns, tag_columns)
  ),
  cell_pairs AS (
    SELECT a.col AS j, b.col AS k, sum(a.n * a.val * b.val) AS v
    FROM x a JOIN x b ON b.cell = a.cell AND b.col >= a.col
    GROUP BY 1, 2
  ),
  day_columns AS MATERIALIZED (
    SELECT day, col, sum(n * val) AS c, max(day_n) AS day_n FROM x GROUP BY day, col
  ),
  day_pairs AS (
    SELECT a.col AS j, b.col AS k, sum(a.c * b.c / a.day_n) AS v
    FROM day_columns a JOIN day_columns b ON b.day = a.day AND b.col >= a.col
    GROUP BY 1, 2
  ),
  -- Each cell's sums once (x has a row per column).
  cells AS (
    SELECT DISTINCT ON (cell) day, day_n, n, energy_sum, engagement_sum FROM x ORDER BY cell
  ),
  day_sums AS (
    SELECT day, max(day_n) AS day_n, sum(energy_sum) AS energy_sum,
           sum(engagement_sum) AS engagement_sum
    FROM cells GROUP BY day
  ),
  cross_moments AS (
    SELECT x.col, sum(x.val * x.energy_sum) AS energy, sum(x.val * x.engagement_sum) AS engagement
    FROM x GROUP BY x.col
  ),
  day_moments AS (
    SELECT c.col, sum(c.c * s.energy_sum / s.day_n) AS energy,
           sum(c.c * s.engagement_sum / s.day_n) AS engagement
    FROM day_columns c JOIN day_sums s USING (day) GROUP BY c.col
  )
  SELECT (SELECT array_agg(coalesce(cp.v, 0) - coalesce(dp.v, 0) ORDER BY g.j, g.k)
          FROM (SELECT j, k FROM generate_series(1, size) j, generate_series(1, size) k) g
          LEFT JOIN cell_pairs cp ON cp.j = least(g.j, g.k) AND cp.k = greatest(g.j, g.k)
          LEFT JOIN day_pairs dp ON dp.j = least(g.j, g.k) AND dp.k = greatest(g.j, g.k)),
         (SELECT array_agg(coalesce(m.energy, 0) - coalesce(dm.energy, 0) ORDER BY g)
                 || array_agg(coalesce(m.engagement, 0) - coalesce(dm.engagement, 0) ORDER BY g)
          FROM generate_series(1, size) g
          LEFT JOIN cross_moments m ON m.col = g
          LEFT JOIN day_moments dm ON dm.col = g),
         (SELECT coalesce(sum(n), 0) FROM cells),
         (SELECT count(*) FROM day_sums)
  INTO gram, moments, entries_used, days_used;

  inverse := journal_private.symmetric_inverse(gram, size);
  beta_energy := array_fill(0::float8, ARRAY[size]);
  beta_engagement := array_fill(0::float8, ARRAY[size]);
  FOR row_no IN 1..size LOOP
    FOR col_no IN 1..size LOOP
      beta_energy[row_no] := beta_energy[row_no] + inverse[(row_no - 1) * size + col_no] * moments[col_no];
      beta_engagement[row_no] := beta_engagement[row_no]
                                 + inverse[(row_no - 1) * size + col_no] * moments[size + col_no];
    END LOOP;
  END LOOP;

  -- The middle of the sandwich, per measure: Σ_d s_d·s_d' with the day's
  -- score s_d = Σ_cells x·r − c_d·r̄_d, r = y_sum − n·x'β a cell's residual
  -- and r̄_d the day's mean residual (the day's own level taken out).
  WITH x AS MATERIALIZED (
    SELECT * FROM journal_private.held_fixed_cells(since, time_zone, activity_columns, tag_columns)
  ),
  residuals AS MATERIALIZED (
    SELECT cell, max(day) AS day, max(day_n) AS day_n,
           max(energy_sum) - max(n) * sum(val * beta_energy[col]) AS energy,
           max(engagement_sum) - max(n) * sum(val * beta_engagement[col]) AS engagement
    FROM x GROUP BY cell
  ),
  day_residuals AS (
    SELECT day, sum(energy) / max(day_n) AS energy, sum(engagement) / max(day_n) AS engagement
    FROM residuals GROUP BY day
  ),
  scores AS MATERIALIZED (
    SELECT x.day, x.col,
           sum(x.val * r.energy) - sum(x.n * x.val) * max(d.energy) AS energy,
           sum(x.val * r.engagement) - sum(x.n * x.val) * max(d.engagement) AS engagement
    FROM x JOIN residuals r USING (cell) JOIN day_residuals d ON d.day = x.day
    GROUP BY x.day, x.col
  ),
  pairs AS (
    SELECT a.col AS j, b.col AS k, sum(a.energy * b.energy) AS energy,
           sum(a.engagement * b.engagement) AS engagement
    FROM scores a JOIN scores b ON b.day = a.day AND b.col >= a.col
    GROUP BY 1, 2
  )
  SELECT array_agg(coalesce(p.energy, 0) ORDER BY g.j, g.k),
         array_agg(coalesce(p.engagement, 0) ORDER BY g.j, g.k)
  INTO meat_energy, meat_engagement
  FROM (SELECT j, k FROM generate_series(1, size) j, generate_series(1, size) k) g
  LEFT JOIN pairs p ON p.j = least(g.j, g.k) AND p.k = greatest(g.j, g.k);

  -- Each comparison as a contrast of the effects (held_fixed_contrasts).
  WITH measures (measure, beta, meat) AS (
    VALUES ('energy', beta_energy, meat_energy), ('engagement', beta_engagement, meat_engagement)
  ),
  factor_rows AS (
    SELECT f ->> 'kind' AS kind, f ->> 'key' AS key, (f ->> 'entries_with')::integer AS entries_with,
           (f ->> 'entries_without')::integer AS entries_without,
           (f ->> 'days_with')::integer AS days_with, (f ->> 'days_without')::integer AS days_without,
           (f ->> 'mixed_days')::integer AS mixed_days, (f ->> 'last_at')::timestamptz AS last_at,
           CASE WHEN f ->> 'key' = base_activity AND f ->> 'kind' = 'activity' THEN 0
                ELSE time_columns
                     + CASE WHEN f ->> 'kind' = 'activity'
                            THEN array_position(activity_columns, f ->> 'key')
                            ELSE cardinality(activity_columns) + array_position(tag_columns, f ->> 'key')
                       END END AS col
    FROM jsonb_array_elements(factors) f
  ),
  kept AS (
    -- The base (column 0) and every factor whose column the model kept.
    SELECT * FROM factor_rows WHERE col = 0 OR inverse[(col - 1) * size + col] > 0
  ),
  compared AS (
    -- Activities only when at least two are left to compare.
    SELECT * FROM kept
    WHERE kind = 'tag' OR (SELECT count(*) FROM kept WHERE kind = 'activity') >= 2
  ),
  spread AS (
    SELECT m.measure, x.col, x.estimate, x.standard_error
    FROM measures m
    CROSS JOIN LATERAL journal_private.held_fixed_contrasts(
      inverse, size, m.beta, m.meat,
      (SELECT array_agg(col ORDER BY col) FROM compared WHERE kind = 'activity'),
      (SELECT array_agg(col ORDER BY col) FROM compared WHERE kind = 'tag'),
      -- Clustered by day: G/(G−1)·(N−1)/(N−p), p the columns kept.
      days_used::float8 / greatest(days_used - 1, 1)
      * (entries_used - 1)
      / greatest(entries_used - (SELECT count(*) FROM generate_series(1, size) k
                                 WHERE inverse[(k - 1) * size + k] > 0), 1)) x
  ),
  -- The interval by Student's t for the factor's mixed days less one; the
  -- p-values of both measures go through Benjamini–Hochberg together.
  tested AS (
    SELECT c.*, s.measure, s.estimate, s.standard_error,
           c.mixed_days - 1 AS degrees_of_freedom,
           journal_private.t_quantile_975(c.mixed_days - 1) * s.standard_error AS margin,
           CASE WHEN s.standard_error > 0
                THEN journal_private.t_two_sided_p(s.estimate / s.standard_error, c.mixed_days - 1)
                WHEN abs(s.estimate) > 1e-9 THEN 0 ELSE 1 END AS p_value
    FROM spread s JOIN compared c USING (col)
  ),
  adjusted AS (
    SELECT t.*, q.q_value, count(*) OVER () AS comparisons
    FROM (SELECT t.*, row_number() OVER (ORDER BY t.measure, t.kind, t.key) AS position FROM tested t) t
    JOIN unnest(journal_private.benjamini_hochberg(
           (SELECT array_agg(p_value ORDER BY measure, kind, key) FROM tested)))
         WITH ORDINALITY AS q (q_value, position) USING (position)
  ),
  judged AS (
    SELECT a.*,
           -- A difference that rounds to 0 points is never called clear.
           a.q_value <= fdr AND abs(a.estimate) >= 0.5
             AND (a.estimate - a.margin > 0 OR a.estimate + a.margin < 0) AS clear,
           -- How many more days with the factor would usually make it clear:
           -- the interval narrows with √days, and the first finding of the
           -- screen must reach p ≤ fdr / comparisons.
           CASE WHEN abs(a.estimate) < 1e-9 THEN NULL
                ELSE greatest(1, ceil(a.days_with * ((journal_private.z_for_two_sided_p(fdr / a.comparisons)
                                          * a.standard_error / abs(a.estimate)) ^ 2 - 1))) END
             AS more_days
    FROM adjusted a
  ),
  named AS (
    SELECT j.*, coalesce(n.name, j.key) AS name
    FROM judged j
    LEFT JOIN LATERAL (
      SELECT CASE WHEN j.kind = 'activity' THEN e.activity
                  ELSE e.tags[array_position(e.tag_keys, j.key)] END AS name
      FROM public.activity_entries e
      WHERE e.created_at = j.last_at LIMIT 1
    ) n ON true
  ),
  rows_json AS (
    SELECT measure, clear, estimate, kind, key, name, days_with, entries_with, jsonb_build_object(
             'kind', kind, 'key', key, 'name', name,
             'reference', CASE WHEN kind = 'activity' THEN 'typical_activity' ELSE 'without_tag' END,
             'entries_with', entries_with, 'entries_without', entries_without,
             'days_with', days_with, 'days_without', days_without,
             'difference', round(estimate::numeric, 2),
             'interval_low', round(greatest(-100, estimate - margin)::numeric, 2),
             'interval_high', round(least(100, estimate + margin)::numeric, 2),
             'p_value', round(p_value::numeric, 6), 'q_value', round(q_value::numeric, 6),
             'excludes_zero', clear,
             'more_days', CASE WHEN NOT clear AND more_days BETWEEN 1 AND 365 THEN more_days::integer END
           ) AS doc
    FROM named
  ),
  -- What to try: clear findings only, energy first, the largest first,
  -- each factor once.
  to_try AS (
    SELECT doc || jsonb_build_object('measure', measure) AS doc, rank
    FROM (
      SELECT r.*, row_number() OVER (ORDER BY (r.measure = 'energy') DESC, abs(r.estimate) DESC,
                                              r.days_with DESC, r.kind, r.key) AS rank,
             row_number() OVER (PARTITION BY r.kind, r.key
                                ORDER BY (r.measure = 'energy') DESC, abs(r.estimate) DESC) AS once
      FROM rows_json r WHERE r.clear
    ) c
    WHERE once = 1
  )
  SELECT jsonb_build_object(
    'energy', coalesce((SELECT jsonb_agg(doc ORDER BY clear DESC, abs(estimate) DESC, entries_with DESC, kind, key)
                        FROM rows_json WHERE measure = 'energy'), '[]'),
    'engagement', coalesce((SELECT jsonb_agg(doc ORDER BY clear DESC, abs(estimate) DESC, entries_with DESC, kind, key)
                            FROM rows_json WHERE measure = 'engagement'), '[]'),
    'to_try', coalesce((SELECT jsonb_agg(doc ORDER BY rank)
                        FROM (SELECT * FROM to_try ORDER BY rank LIMIT max_to_try) t), '[]'),
    'comparisons', (SELECT count(*) FROM rows_json),
    'rules', rules)
  INTO result;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_comparisons(timestamptz, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_comparisons(timestamptz, text) TO authenticated;
