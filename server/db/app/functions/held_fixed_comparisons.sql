-- What goes with more energy and engagement, each factor with the others
-- held fixed (docs/decisions/083): for the period's entries (since null:
-- all of them; days and hours in time_zone), one least-squares model per
-- measure,
--   measure = the day's own level + the time of day (blocks of two or
--             three hours) + the entry's activity + each of its tags
--             + each own yes-or-no question asked with every entry,
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
-- A person's own yes-or-no question asked with every entry (yes_no_ids,
-- docs/decisions/085) is compared as "answered Yes" against "answered No":
-- at least min_each entries each way and min_days days holding both, at
-- most max_questions of them (those with the most answers). Entries where
-- it was not answered are neither: on a day where it was answered on some
-- entries and not on others they get a column of their own, which is not
-- compared (skipping a question says nothing about its answer). Its days
-- for Student's t are those holding both a Yes and a No.
--
-- Intervals are clustered by day: the spread comes from the days, not the
-- entries (the sandwich with each day's scores, times G/(G−1)·(N−1)/(N−p)),
-- with Student's t for the days that hold entries both with and without the
-- factor, less one, so a factor seen on few days gets a wide interval.
-- Clear: kept by Benjamini–Hochberg at a false-discovery rate of fdr over
-- every comparison of both measures, its 95% interval excludes zero, and it
-- rounds to at least 1 point (an exact fit's float noise is never clear).
--
-- Returns {"energy": [...], "engagement": [...], "to_try": [...],
-- "typical": {"energy": [{key, name}], "engagement": [...]}, "comparisons": m,
-- "rules": {...}} (the rows and fields: docs/product.md, Insights).
CREATE OR REPLACE FUNCTION journal_private.held_fixed_comparisons(since timestamptz, time_zone text,
                                                                  yes_no_ids text[])
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  min_each CONSTANT integer := 3;
  min_days CONSTANT integer := 3;
  max_activities CONSTANT integer := 16;
  max_tags CONSTANT integer := 8;
  max_questions CONSTANT integer := 8;
  max_to_try CONSTANT integer := 3;
  fdr CONSTANT float8 := 0.05;
  -- Columns 1–7: the time of day in blocks (held_fixed_cells; 5–8 is the base).
  time_columns CONSTANT integer := 7;
  factors jsonb;
  activity_columns text[];
  tag_columns text[];
  -- Own yes-or-no questions: a column for Yes each, and one for "not
  -- answered" for those left unanswered on some entries of a day where
  -- they were answered on others (elsewhere it would be the day's level).
  question_columns text[];
  unanswered_columns text[];
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
  -- The cells of held_fixed_cells on days with two or more entries, as
  -- parallel arrays (cell i is element i of each): its activity's rank
  -- among the compared ones (null: not compared), and its compared tags as
  -- bits of one integer, bit t − 1 for the tag of rank t.
  cell_day integer[];
  cell_day_n integer[];
  cell_n integer[];
  cell_energy integer[];
  cell_engagement integer[];
  cell_part integer[];
  cell_activity_rank integer[];
  cell_tag_bits integer[];
  cell_answers jsonb[];
  -- Each cell's activity column (null: the base or not compared) and its
  -- other columns that are 1 (tags, Yes, not answered) as bits of one
  -- integer, bit b for column first_multi + b.
  cell_activity_column integer[];
  cell_mask integer[];
  first_multi integer;
  result jsonb;
  -- What the app states when it explains the comparisons.
  rules CONSTANT jsonb := jsonb_build_object(
    'comparison_min_each', min_each, 'comparison_min_days', min_days,
    'false_discovery_rate', fdr, 'max_compared_activities', max_activities,
    'max_compared_tags', max_tags, 'max_compared_questions', max_questions);
  -- Whether some entries (on days with two or more) have an activity that
  -- is not compared; if not, base_activity is the compared one without a column.
  others_logged boolean;
  base_activity text;
  row_no integer;
  col_no integer;
BEGIN
  -- One read of the entries (held_fixed_cells): the factors to compare,
  -- with their counts, and the cells of days with two or more entries as
  -- arrays (a day with one entry says nothing once its own level is held
  -- fixed).
  WITH cells AS MATERIALIZED (
    SELECT * FROM journal_private.held_fixed_cells(since, time_zone, yes_no_ids)
  ),
  per_factor_day AS (
    SELECT 'activity' AS kind, activity_key AS key, day, max(day_n) AS day_n, sum(n) AS n,
           max(last_at) AS last_at
    FROM cells GROUP BY activity_key, day
    UNION ALL
    -- unnest in the select list: one pass, not a function scan per cell
    -- (and below, hashing the days instead of sorting them for DISTINCT).
    SELECT 'tag', k, day, max(day_n), sum(n), max(last_at)
    FROM (SELECT unnest(tag_keys) AS k, day, day_n, n, last_at FROM cells) t GROUP BY k, day
  ),
  totals AS (
    SELECT sum(n) AS entries, (SELECT count(*) FROM (SELECT day FROM cells GROUP BY day) d) AS days,
           sum(n) FILTER (WHERE day_n >= 2) AS all_used
    FROM cells
  ),
  stats AS (
    SELECT kind, key, sum(n)::integer AS entries, count(*)::integer AS days,
           count(*) FILTER (WHERE n < day_n)::integer AS mixed_days,
           count(*) FILTER (WHERE n = day_n)::integer AS days_only_with, max(last_at) AS last_at,
           coalesce(sum(n) FILTER (WHERE day_n >= 2), 0)::integer AS used
    FROM per_factor_day
    GROUP BY kind, key
  ),
  eligible AS (
    SELECT s.*, t.entries - s.entries AS entries_without, t.all_used,
           (t.days - s.days_only_with)::integer AS days_without,
           row_number() OVER (PARTITION BY s.kind ORDER BY s.entries DESC, s.key) AS rank
    FROM stats s CROSS JOIN totals t
    WHERE s.entries >= min_each AND t.entries - s.entries >= min_each AND s.mixed_days >= min_days
  ),
  chosen AS (
    SELECT * FROM eligible
    WHERE rank <= CASE WHEN kind = 'activity' THEN max_activities ELSE max_tags END
  ),
  -- Own yes-or-no questions: Yes against No, counted per day.
  per_question_day AS (
    SELECT a.key, c.day, max(c.day_n) AS day_n,
           coalesce(sum(c.n) FILTER (WHERE a.value = 'true'), 0) AS yes_n,
           coalesce(sum(c.n) FILTER (WHERE a.value = 'false'), 0) AS no_n,
           max(c.last_at) AS last_at
    FROM cells c CROSS JOIN LATERAL jsonb_each_text(c.answers) a
    -- Read only when there are such questions: a journal without them
    -- scans its cells no more than before.
    WHERE yes_no_ids IS NOT NULL
    GROUP BY a.key, c.day
  ),
  question_chosen AS (
    SELECT q.*, row_number() OVER (ORDER BY q.entries_yes + q.entries_no DESC, q.key) AS rank
    FROM (
      SELECT key, sum(yes_n)::integer AS entries_yes, sum(no_n)::integer AS entries_no,
             count(*) FILTER (WHERE yes_n > 0)::integer AS days_yes,
             count(*) FILTER (WHERE no_n > 0)::integer AS days_no,
             count(*) FILTER (WHERE yes_n > 0 AND no_n > 0)::integer AS mixed_days,
             count(*) FILTER (WHERE yes_n + no_n < day_n AND day_n >= 2)::integer AS partial_days,
             max(last_at) AS last_at
      FROM per_question_day GROUP BY key
    ) q
    WHERE q.entries_yes >= min_each AND q.entries_no >= min_each AND q.mixed_days >= min_days
  ),
  -- Numbered once: cell i is element i of every array below.
  used_cells AS MATERIALIZED (SELECT row_number() OVER () AS i, * FROM cells WHERE day_n >= 2),
  tag_bits AS (
    SELECT c.i, bit_or(1 << (t.rank::integer - 1)) AS bits
    FROM (SELECT i, unnest(tag_keys) AS k FROM used_cells) c
    JOIN chosen t ON t.kind = 'tag' AND t.key = c.k
    GROUP BY c.i
  )
  SELECT (SELECT coalesce(jsonb_agg(jsonb_build_object(
            'kind', kind, 'key', key, 'entries_with', entries, 'entries_without', entries_without,
            'days_with', days, 'days_without', days_without, 'mixed_days', mixed_days,
            'last_at', last_at) ORDER BY kind, rank), '[]')
          FROM chosen)
         || (SELECT coalesce(jsonb_agg(jsonb_build_object(
               'kind', 'question', 'key', key, 'entries_with', entries_yes,
               'entries_without', entries_no, 'days_with', days_yes, 'days_without', days_no,
               'mixed_days', mixed_days, 'last_at', last_at, 'unanswered', partial_days > 0)
               ORDER BY rank), '[]')
             FROM question_chosen WHERE rank <= max_questions),
         (SELECT coalesce(max(all_used) > sum(used) FILTER (WHERE kind = 'activity'), true)
          FROM chosen),
         array_agg(day - DATE '2000-01-01' ORDER BY i), array_agg(day_n ORDER BY i),
         array_agg(n ORDER BY i), array_agg(energy_sum ORDER BY i),
         array_agg(engagement_sum ORDER BY i), array_agg(part ORDER BY i),
         array_agg(a.rank::integer ORDER BY i), array_agg(coalesce(b.bits, 0) ORDER BY i),
         -- Without such questions, nothing to gather.
         array_agg(answers ORDER BY i) FILTER (WHERE yes_no_ids IS NOT NULL),
         coalesce(sum(n), 0), (SELECT count(*) FROM (SELECT day FROM used_cells GROUP BY day) d)
  INTO factors, others_logged, cell_day, cell_day_n, cell_n, cell_energy, cell_engagement,
       cell_part, cell_activity_rank, cell_tag_bits, cell_answers, entries_used, days_used
  FROM used_cells u
  LEFT JOIN chosen a ON a.kind = 'activity' AND a.key = u.activity_key
  LEFT JOIN tag_bits b USING (i);

  SELECT coalesce(array_agg(f ->> 'key' ORDER BY o) FILTER (WHERE f ->> 'kind' = 'activity'), '{}'),
         coalesce(array_agg(f ->> 'key' ORDER BY o) FILTER (WHERE f ->> 'kind' = 'tag'), '{}'),
         coalesce(array_agg(f ->> 'key' ORDER BY o) FILTER (WHERE f ->> 'kind' = 'question'), '{}'),
         coalesce(array_agg(f ->> 'key' ORDER BY o)
                    FILTER (WHERE f ->> 'kind' = 'question' AND (f ->> 'unanswered')::boolean), '{}')
  INTO activity_columns, tag_columns, question_columns, unanswered_columns
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
  IF cardinality(activity_columns) = 0 AND cardinality(tag_columns) = 0
     AND cardinality(question_columns) = 0 THEN
    RETURN jsonb_build_object('energy', '[]'::jsonb, 'engagement', '[]'::jsonb,
                              'to_try', '[]'::jsonb, 'comparisons', 0, 'rules', rules,
                              'typical', jsonb_build_object('energy', '[]'::jsonb,
                                                            'engagement', '[]'::jsonb));
  END IF;

  -- A column that the others already make (an activity always logged in
  -- the same part of the day, a tag only ever on one activity) is dropped
  -- by symmetric_inverse, and its factor is not compared: the model cannot
  -- tell it apart.
  size := time_columns + cardinality(activity_columns) + cardinality(tag_columns)
          + cardinality(question_columns) + cardinality(unanswered_columns);
  -- Each cell's columns that are 1: its part (cell_part), its activity's
  -- column, and the bits of the rest: each compared tag, then Yes to each
  -- question; then "not answered" where a question has that column.
  first_multi := time_columns + cardinality(activity_columns) + 1;
  SELECT coalesce(array_agg(CASE WHEN c.rank <= cardinality(activity_columns) THEN time_columns + c.rank END
                            ORDER BY c.i), '{}'),
         coalesce(array_agg(c.bits | coalesce(q.bits, 0) ORDER BY c.i), '{}')
  INTO cell_activity_column, cell_mask
  FROM unnest(cell_activity_rank, cell_tag_bits) WITH ORDINALITY AS c (rank, bits, i)
  LEFT JOIN (
    -- Yes has its column; No is the base; not answered its own, if any.
    SELECT a.i AS cell,
           bit_or(CASE WHEN a.answers ->> y.id = 'true' THEN 1 << (cardinality(tag_columns) + y.k::integer - 1)
                       WHEN a.answers ->> y.id IS NULL AND y.id = ANY (unanswered_columns)
                       THEN 1 << (cardinality(tag_columns) + cardinality(question_columns)
                                  + array_position(unanswered_columns, y.id) - 1)
                       ELSE 0 END) AS bits
    FROM unnest(cell_answers) WITH ORDINALITY AS a (answers, i)
    CROSS JOIN unnest(question_columns) WITH ORDINALITY AS y (id, k)
    GROUP BY a.i
  ) q ON q.cell = c.i;

  SELECT e.gram, e.moments INTO gram, moments
  FROM journal_private.held_fixed_normal_equations(
    cell_day, cell_day_n, cell_n, cell_energy, cell_engagement, cell_part, cell_activity_column,
    cell_mask, time_columns, first_multi, size) e;
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

  SELECT m.meat_energy, m.meat_engagement INTO meat_energy, meat_engagement
  FROM journal_private.held_fixed_scores(
    cell_day, cell_day_n, cell_n, cell_energy, cell_engagement, cell_part, cell_activity_column,
    cell_mask, time_columns, first_multi, size, beta_energy, beta_engagement) m;

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
                            WHEN f ->> 'kind' = 'tag'
                            THEN cardinality(activity_columns) + array_position(tag_columns, f ->> 'key')
                            ELSE cardinality(activity_columns) + cardinality(tag_columns)
                                 + array_position(question_columns, f ->> 'key')
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
    WHERE kind <> 'activity' OR (SELECT count(*) FROM kept WHERE kind = 'activity') >= 2
  ),
  spread AS (
    SELECT m.measure, x.col, x.estimate, x.standard_error, x.typical
    FROM measures m
    CROSS JOIN LATERAL journal_private.held_fixed_contrasts(
      inverse, size, m.beta, m.meat,
      (SELECT array_agg(col ORDER BY col) FROM compared WHERE kind = 'activity'),
      -- A tag or a question: its own effect, against entries without it or answered No.
      (SELECT array_agg(col ORDER BY col) FROM compared WHERE kind <> 'activity'),
      -- Clustered by day: G/(G−1)·(N−1)/(N−p), p the columns kept.
      days_used::float8 / greatest(days_used - 1, 1)
      * (entries_used - 1)
      / greatest(entries_used - (SELECT count(*) FROM generate_series(1, size) k
                                 WHERE inverse[(k - 1) * size + k] > 0), 1)) x
  ),
  -- The interval by Student's t for the factor's mixed days less one; the
  -- p-values of both measures go through Benjamini–Hochberg together.
  tested AS (
    SELECT c.*, s.measure, s.estimate, s.standard_error, s.typical,
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
      (SELECT CASE WHEN j.kind = 'activity' THEN e.activity
                   ELSE e.tags[array_position(e.tag_keys, j.key)] END AS name
       FROM public.activity_entries e
       WHERE j.kind <> 'question' AND e.created_at = j.last_at LIMIT 1)
      UNION ALL
      -- An own question by its text as it reads now.
      SELECT q.question FROM public.questions q
      WHERE q.id = CASE WHEN j.kind = 'question' THEN j.key::bigint END
    ) n ON true
  ),
  rows_json AS (
    SELECT measure, clear, estimate, kind, key, name, days_with, entries_with, typical, jsonb_build_object(
             'kind', kind, 'key', key, 'name', name,
             'reference', CASE kind WHEN 'activity' THEN 'typical_activity'
                                    WHEN 'tag' THEN 'without_tag' ELSE 'answered_no' END,
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
    -- The activities that make "your typical activity", per measure.
    'typical', jsonb_build_object(
      'energy', coalesce((SELECT jsonb_agg(jsonb_build_object('key', key, 'name', name) ORDER BY key)
                          FROM rows_json WHERE measure = 'energy' AND typical), '[]'),
      'engagement', coalesce((SELECT jsonb_agg(jsonb_build_object('key', key, 'name', name) ORDER BY key)
                              FROM rows_json WHERE measure = 'engagement' AND typical), '[]')),
    'comparisons', (SELECT count(*) FROM rows_json),
    'rules', rules)
  INTO result;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_comparisons(timestamptz, text, text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_comparisons(timestamptz, text, text[]) TO authenticated;
