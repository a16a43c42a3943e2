-- The cells of the held-fixed model of insights() (docs/decisions/083): the
-- period's entries (since null: all) on days with two or more of them,
-- grouped by local day, part of the day, activity and set of tags, each cell
-- with its entries' count and sums and the model's columns that are 1 for
-- it (every column is 0 or 1):
--   part          1 afternoon 12–17, 2 evening 17–22, 3 night 22–5; null in
--                 the morning (the base),
--   activity_col  3 + the activity's place in activity_columns; null for
--                 an activity without a column,
--   tag_cols      3 + cardinality(activity_columns) + each tag's place in
--                 tag_columns, for the tags that have a column.
-- All of it is whole numbers, which PGlite's 32-bit build adds without
-- allocating. A day with one entry says nothing once the day's own level is
-- held fixed. Runs as the caller: row-level security limits it to the
-- caller's entries.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_cells(
  since timestamptz, time_zone text, activity_columns text[], tag_columns text[])
RETURNS TABLE (day date, day_n integer, n integer, energy_sum integer, engagement_sum integer,
               part integer, activity_col integer, tag_cols integer[])
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  WITH cells AS MATERIALIZED (
    SELECT local::date AS day,
           CASE WHEN date_part('hour', local) >= 12 AND date_part('hour', local) < 17 THEN 1
                WHEN date_part('hour', local) >= 17 AND date_part('hour', local) < 22 THEN 2
                WHEN date_part('hour', local) >= 22 OR date_part('hour', local) < 5 THEN 3
           END AS part,
           activity_key, tag_keys,
           count(*)::integer AS n, sum(energy)::integer AS energy_sum,
           sum(engagement)::integer AS engagement_sum
    FROM (
      -- OFFSET 0: the local time is worked out once per entry.
      SELECT a.activity_key, a.tag_keys, a.energy, a.engagement,
             a.created_at AT TIME ZONE time_zone AS local
      FROM public.activity_entries a
      WHERE a.created_at >= coalesce(since, '-infinity')
      OFFSET 0
    ) converted
    GROUP BY 1, 2, 3, 4
  ),
  day_sizes AS (
    SELECT day, sum(n)::integer AS day_n FROM cells GROUP BY day HAVING sum(n) >= 2
  )
  SELECT c.day, d.day_n, c.n, c.energy_sum, c.engagement_sum, c.part,
         3 + array_position(activity_columns, c.activity_key),
         CASE WHEN c.tag_keys = '{}' THEN '{}'::integer[]
              ELSE ARRAY(SELECT 3 + cardinality(activity_columns) + array_position(tag_columns, k)
                         FROM unnest(c.tag_keys) k
                         WHERE k = ANY (tag_columns)) END
  FROM cells c JOIN day_sizes d USING (day)
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[], text[]) TO authenticated;
