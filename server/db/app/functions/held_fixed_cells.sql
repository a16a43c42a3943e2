-- The rows of the held-fixed model of insights() (docs/decisions/083): the
-- period's entries (since null: all) on days with two or more of them, in
-- cells of one local day, part of the day, activity and set of tags, each with its
-- entries' count and sums, as one row per non-zero column of the model:
--   1–3  afternoon 12–17, evening 17–22, night 22–5 (morning is the base),
--   then one column per activity of activity_columns, then one per tag of
--   tag_columns, in their order; other activities and tags have none;
--   and column 0, valued 0, for every cell: a cell whose columns are all 0
--   (a morning entry of the base activity without tags) still has its row,
--   and with it its count and sums.
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
      SELECT local::date AS day,
             -- Parts of the day as Insights names them (docs/product.md):
             -- 1 afternoon 12–17, 2 evening 17–22, 3 night 22–5, morning none.
             CASE WHEN date_part('hour', local) >= 12 AND date_part('hour', local) < 17 THEN 1
                  WHEN date_part('hour', local) >= 17 AND date_part('hour', local) < 22 THEN 2
                  WHEN date_part('hour', local) >= 22 OR date_part('hour', local) < 5 THEN 3
             END AS part,
             activity_key, tag_keys,
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
    SELECT 0, 0::float8
    UNION ALL SELECT c.part, 1::float8
    UNION ALL SELECT 3 + array_position(activity_columns, c.activity_key), 1
    UNION ALL SELECT 3 + cardinality(activity_columns) + array_position(tag_columns, k), 1
    FROM unnest(c.tag_keys) k
  ) v (col, val)
  WHERE c.day_n >= 2 AND v.col IS NOT NULL
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) TO authenticated;
