-- "Your questions" of insights() (docs/decisions/085): how energy goes with
-- each of a person's own number and scale questions, and each yes-or-no
-- question asked once a day, in a period (since null: all; days in
-- time_zone). questions: the caller's questions of those kinds, as
-- insights() read them ([{id, question, answer_type, asked, unit, label_1,
-- label_5, active}]); yes-or-no questions asked with every entry are
-- compared in held_fixed_comparisons instead.
--
-- The points (question_answer_days):
-- - asked with every entry: each entry that answered it, its energy;
-- - asked once a day: each day that has an answer, that day's average
--   energy, one point per day, never the single entries.
-- The fit, least squares of energy on the answer (Yes 1, No 0):
-- - once a day: across days, the classic interval with Student's t for
--   days − 2;
-- - with every entry: across entries, the interval clustered by day (each
--   day's score Σ(x − x̄)·residual, times G/(G−1)·(N−1)/(N−2)), Student's t
--   for days − 1, so that many entries of one day never count as many days.
-- For a number it is the change in energy per unit; for a scale per step;
-- for a yes-or-no question the days answered Yes against those answered No.
-- For a scale and a yes-or-no question also the average energy at each
-- answer given on at least min_level_days days, its interval over days the
-- same way (clustered by day, t for its days − 1).
--
-- Ready: answered on min_days days, with answers that differ, and a
-- yes-or-no question on min_days_each days each way; else more_days (and
-- more_days_yes, more_days_no) say how many more days it needs. A hidden
-- question is shown only when it is ready. Every ready fit's p-value goes
-- through Benjamini–Hochberg together with the p-values of the screen's
-- comparisons (screen_p_values, from held_fixed_comparisons), so that a
-- line alone in its section is still one of the screen's many claims (with
-- the section alone, a single line had no control at all, and a third of
-- the simulation's clear lines were false); a fit is clear when kept at fdr,
-- its interval excludes zero and it moves energy by at least half a point
-- over the answers' own spread (one standard deviation; a yes-or-no: the
-- difference itself), so an exact fit's float noise is never clear.
-- Runs as the caller: row-level security limits it to the caller's entries.
--
-- Returns {"questions": [...], "rules": {...}} (the fields:
-- docs/product.md, Insights).
CREATE OR REPLACE FUNCTION journal_private.question_findings(
  since timestamptz, time_zone text, questions jsonb, screen_p_values float8[] DEFAULT '{}')
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  min_days CONSTANT integer := 10;
  min_days_each CONSTANT integer := 3;
  min_level_days CONSTANT integer := 3;
  fdr CONSTANT float8 := 0.05;
  rules CONSTANT jsonb := jsonb_build_object(
    'question_min_days', min_days, 'question_min_days_each_answer', min_days_each,
    'question_min_level_days', min_level_days, 'question_false_discovery_rate', fdr);
  result jsonb;
BEGIN
  -- No such questions: nothing to read.
  IF jsonb_array_length(questions) = 0 THEN
    RETURN jsonb_build_object('questions', '[]'::jsonb, 'rules', rules);
  END IF;
  WITH asked AS (
    SELECT q ->> 'id' AS id, q ->> 'question' AS question, q ->> 'answer_type' AS answer_type,
           q ->> 'asked' AS asked, q ->> 'unit' AS unit, q ->> 'label_1' AS label_1,
           q ->> 'label_5' AS label_5, coalesce((q ->> 'active')::boolean, true) AS active,
           x.ord
    FROM jsonb_array_elements(questions) WITH ORDINALITY AS x (q, ord)
  ),
  -- Each point with its weight: an entry question's rows are the entries
  -- of one day that gave one answer (n of them, their energy summed); a
  -- once-a-day question's row is the day, weight 1, its average energy.
  points AS (
    SELECT p.question_id AS id, p.day, p.answer AS x,
           CASE WHEN a.asked = 'day' THEN 1 ELSE p.n END::float8 AS w,
           CASE WHEN a.asked = 'day' THEN p.energy_sum::float8 / p.n
                ELSE p.energy_sum::float8 END AS y_sum,
           p.n
    FROM journal_private.question_answer_days(
           since, time_zone,
           (SELECT coalesce(array_agg(id), '{}') FROM asked WHERE asked = 'entry'),
           (SELECT coalesce(array_agg(id), '{}') FROM asked WHERE asked = 'day')) p
    JOIN asked a ON a.id = p.question_id
  ),
  means AS (
    SELECT id, sum(w * x) / sum(w) AS x_mean, sum(y_sum) / sum(w) AS y_mean, sum(w) AS w_total,
           sum(n)::integer AS entries, count(DISTINCT day)::integer AS days,
           count(DISTINCT x)::integer AS values_given,
           count(DISTINCT day) FILTER (WHERE x = 1)::integer AS days_yes,
           count(DISTINCT day) FILTER (WHERE x = 0)::integer AS days_no
    FROM points GROUP BY id
  ),
  -- Centred on the question's means, per day: the sums of the fit.
  per_day AS (
    SELECT p.id, p.day,
           sum(p.w * (p.x - m.x_mean) ^ 2) AS xx,
           sum((p.x - m.x_mean) * (p.y_sum - p.w * m.y_mean)) AS xy,
           sum((p.y_sum - p.w * m.y_mean) ^ 2) AS yy
    FROM points p JOIN means m USING (id)
    GROUP BY p.id, p.day
  ),
  sums AS (
    SELECT id, sum(xx) AS sxx, sum(xy) AS sxy, sum(yy) AS syy FROM per_day GROUP BY id
  ),
  fits AS (
    SELECT a.*, m.entries, m.days, m.values_given, m.days_yes, m.days_no, m.w_total,
           s.sxx, s.sxy / s.sxx AS estimate,
           CASE WHEN a.asked = 'day' THEN m.days - 2 ELSE m.days - 1 END AS degrees_of_freedom
    FROM asked a JOIN means m USING (id) JOIN sums s USING (id)
    WHERE m.days >= min_days AND m.values_given >= 2 AND s.sxx > 0
      AND (a.answer_type <> 'yes_no' OR (m.days_yes >= min_days_each AND m.days_no >= min_days_each))
  ),
  spread AS (
    SELECT f.*,
           sqrt(greatest(0, CASE
             WHEN f.asked = 'day'
               THEN (s.syy - f.estimate * s.sxy) / (f.days - 2) / f.sxx
             ELSE f.days::float8 / (f.days - 1) * (f.w_total - 1) / greatest(f.w_total - 2, 1)
                  * (SELECT sum((d.xy - f.estimate * d.xx) ^ 2) FROM per_day d WHERE d.id = f.id)
                  / (f.sxx * f.sxx) END)) AS standard_error
    FROM fits f JOIN sums s USING (id)
  ),
  tested AS (
    SELECT s.*,
           journal_private.t_quantile_975(s.degrees_of_freedom) * s.standard_error AS margin,
           CASE WHEN s.standard_error > 0
                THEN journal_private.t_two_sided_p(s.estimate / s.standard_error, s.degrees_of_freedom)
                WHEN abs(s.estimate) > 1e-9 THEN 0 ELSE 1 END AS p_value,
           row_number() OVER (ORDER BY s.ord) AS position
    FROM spread s
  ),
  judged AS (
    SELECT t.*, q.q_value,
           q.q_value <= fdr
             AND (t.estimate - t.margin > 0 OR t.estimate + t.margin < 0)
             AND abs(t.estimate) * CASE WHEN t.answer_type = 'yes_no' THEN 1
                                        ELSE sqrt(t.sxx / t.w_total) END >= 0.5 AS clear
    FROM tested t
    -- The screen's comparisons are in the same family: their p-values
    -- follow the section's, and only the section's positions are joined.
    JOIN unnest(journal_private.benjamini_hochberg(
           (SELECT array_agg(p_value ORDER BY position) FROM tested)
             || coalesce(screen_p_values, '{}')))
         WITH ORDINALITY AS q (q_value, position) USING (position)
  ),
  -- The average energy at each answer of a scale or a yes-or-no question.
  level_means AS (
    SELECT p.id, p.x, sum(p.y_sum) / sum(p.w) AS mean, sum(p.w) AS w_total,
           sum(p.n)::integer AS entries, count(DISTINCT p.day)::integer AS days
    FROM points p JOIN asked a USING (id)
    WHERE a.answer_type IN ('scale', 'yes_no')
    GROUP BY p.id, p.x
    HAVING count(DISTINCT p.day) >= min_level_days
  ),
  levels AS (
    SELECT l.id, jsonb_agg(jsonb_build_object(
             'answer', l.x, 'days', l.days, 'entries', l.entries,
             'avg_energy', round(l.mean::numeric, 2),
             'interval_low', round((l.mean - l.margin)::numeric, 2),
             'interval_high', round((l.mean + l.margin)::numeric, 2)) ORDER BY l.x) AS doc
    FROM (
      SELECT l.*, journal_private.t_quantile_975(l.days - 1)
                  * sqrt(l.days::float8 / (l.days - 1)
                         * (SELECT sum((d.y - d.w * l.mean) ^ 2)
                            FROM (SELECT sum(p.y_sum) AS y, sum(p.w) AS w FROM points p
                                  WHERE p.id = l.id AND p.x = l.x GROUP BY p.day) d))
                  / l.w_total AS margin
      FROM level_means l
    ) l
    GROUP BY l.id
  )
  SELECT jsonb_build_object(
    'questions', coalesce(jsonb_agg(jsonb_build_object(
      'id', a.id::bigint, 'question', a.question, 'answer_type', a.answer_type, 'asked', a.asked,
      'unit', a.unit, 'label_1', a.label_1, 'label_5', a.label_5,
      'days', coalesce(m.days, 0), 'entries', coalesce(m.entries, 0),
      'ready', j.id IS NOT NULL,
      'same_answers', coalesce(m.values_given = 1 AND m.days >= min_days, false),
      'more_days', greatest(min_days - coalesce(m.days, 0), 0),
      'more_days_yes', CASE WHEN a.answer_type = 'yes_no'
                            THEN greatest(min_days_each - coalesce(m.days_yes, 0), 0) END,
      'more_days_no', CASE WHEN a.answer_type = 'yes_no'
                           THEN greatest(min_days_each - coalesce(m.days_no, 0), 0) END,
      -- Levels only beside a fit: too few days say nothing yet.
      'levels', CASE WHEN j.id IS NOT NULL THEN coalesce(l.doc, '[]') ELSE '[]' END,
      'fit', CASE WHEN j.id IS NOT NULL THEN jsonb_build_object(
               'estimate', round(j.estimate::numeric, 4),
               'interval_low', round((j.estimate - j.margin)::numeric, 4),
               'interval_high', round((j.estimate + j.margin)::numeric, 4),
               'degrees_of_freedom', j.degrees_of_freedom,
               'p_value', round(j.p_value::numeric, 6), 'q_value', round(j.q_value::numeric, 6),
               'clear', j.clear) END
    ) ORDER BY a.ord), '[]'),
    'rules', rules)
  INTO result
  FROM asked a
  LEFT JOIN means m USING (id)
  LEFT JOIN judged j USING (id)
  LEFT JOIN levels l USING (id)
  -- A hidden question is no longer asked: shown only with something to show.
  WHERE a.active OR j.id IS NOT NULL;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION journal_private.question_findings(timestamptz, text, jsonb, float8[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.question_findings(timestamptz, text, jsonb, float8[]) TO authenticated;
