-- The rows of the held-fixed model of insights() (docs/decisions/083): the
-- period's entries (since null: all) on days with two or more of them, in
-- cells of one local day, hour, activity and set of tags, each with its
-- entries' count and sums, as one row per non-zero column of the model:
--   1–3  afternoon 12–17, evening 17–22, night 22–5 (morning is the base),
--   4–5  the hour and its square (a smooth daily rhythm within the parts),
--        centred on 13:30, in units of 6 hours,
--   then one column per activity of activity_columns, then one per tag of
--   tag_columns, in their order; other activities and tags have none.
-- A day with one entry says nothing once the day's own level is held fixed.
-- Runs as the caller: row-level security limits it to the caller's entries.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_cells(
  since timestamptz, time_zone text, activity_columns text[], tag_columns text[])
RETURNS TABLE (cell bigint, day date, day_n float8, n float8, energy_sum float8,
               engagement_sum float8, col integer, val float8)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  WITH cells AS (
    SELECT row_number() OVER () AS cell, c.*, sum(c.n) OVER (PARTITION BY c.day) AS day_n
    FROM (
      SELECT local::date AS day, date_part('hour', local)::integer AS hour, activity_key, tag_keys,
             count(*)::float8 AS n, sum(energy)::float8 AS energy_sum,
             sum(engagement)::float8 AS engagement_sum
      FROM (
        -- OFFSET 0: the local time is worked out once per entry.
        SELECT a.activity_key, a.tag_keys, a.energy, a.engagement,
               a.created_at AT TIME ZONE time_zone AS local
        FROM public.activity_entries a
        WHERE since IS NULL OR a.created_at >= since
        OFFSET 0
      ) converted
      GROUP BY 1, 2, 3, 4
    ) c
  )
  SELECT c.cell, c.day, c.day_n, c.n, c.energy_sum, c.engagement_sum, v.col, v.val
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT CASE WHEN c.hour >= 12 AND c.hour < 17 THEN 1
                WHEN c.hour >= 17 AND c.hour < 22 THEN 2
                WHEN c.hour >= 22 OR c.hour < 5 THEN 3 END, 1::float8
    UNION ALL SELECT 4, (c.hour - 13.5) / 6
    UNION ALL SELECT 5, ((c.hour - 13.5) / 6) ^ 2
    UNION ALL SELECT 5 + array_position(activity_columns, c.activity_key), 1
    UNION ALL SELECT 5 + cardinality(activity_columns) + array_position(tag_columns, k), 1
    FROM unnest(c.tag_keys) k
  ) v (col, val)
  WHERE c.day_n >= 2 AND v.col IS NOT NULL
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) TO authenticated;
