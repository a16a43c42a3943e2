-- The answers to a person's own number, scale and once-a-day questions in
-- a period, per local day, for "Your questions" of insights()
-- (docs/decisions/085). One read of the period's entries (since null: all;
-- days in time_zone), as the rest of the tab counts them:
-- - a question asked with every entry (entry_ids): per question, day and
--   answer, the entries that gave it (n) and the sum of their energy;
-- - a question asked once a day (day_ids): the day's answer, the latest one
--   given that local day (docs/decisions/084), with all of that day's
--   entries in the period (n) and their energy: a once-a-day answer speaks
--   for the day, never for the entry it was stored on.
-- Yes is 1, No 0; a number or a scale as its value. Runs as the caller:
-- row-level security limits it to the caller's entries.
CREATE OR REPLACE FUNCTION journal_private.question_answer_days(
  since timestamptz, time_zone text, entry_ids text[], day_ids text[])
RETURNS TABLE (question_id text, day date, answer float8, n integer, energy_sum integer)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  WITH located AS MATERIALIZED (
    SELECT (a.created_at AT TIME ZONE time_zone)::date AS day, a.created_at, a.energy, a.answers
    FROM public.activity_entries a
    WHERE a.created_at >= coalesce(since, '-infinity')
  ),
  given AS (
    SELECT l.day, l.created_at, l.energy, g.key,
           CASE g.value WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE g.value::float8 END AS answer
    FROM located l CROSS JOIN LATERAL jsonb_each_text(l.answers) g
    WHERE l.answers <> '{}' AND (g.key = ANY (entry_ids) OR g.key = ANY (day_ids))
  ),
  latest AS (
    SELECT DISTINCT ON (key, day) key, day, answer
    FROM given WHERE key = ANY (day_ids)
    ORDER BY key, day, created_at DESC
  ),
  day_totals AS (
    SELECT day, count(*)::integer AS n, sum(energy)::integer AS energy_sum
    FROM located WHERE day IN (SELECT day FROM latest)
    GROUP BY day
  )
  SELECT key, day, answer, count(*)::integer, sum(energy)::integer
  FROM given WHERE key = ANY (entry_ids)
  GROUP BY key, day, answer
  UNION ALL
  SELECT l.key, l.day, l.answer, t.n, t.energy_sum
  FROM latest l JOIN day_totals t USING (day)
$$;

REVOKE ALL ON FUNCTION journal_private.question_answer_days(timestamptz, text, text[], text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.question_answer_days(timestamptz, text, text[], text[]) TO authenticated;
