-- The cells of the held-fixed model of insights() (docs/decisions/083): the
-- period's entries (since null: all), in the caller's time zone, grouped by
-- local day, part of the day, activity and set of tags, each cell with its
-- entries' count, their sums of energy and engagement, its latest entry's
-- time, and how many entries its day has:
--   part  1 afternoon 12–17, 2 evening 17–22, 3 night 22–5; null in the
--         morning (the model's base),
-- ordered by day. One read of the entries gives both what is compared (the
-- factors' counts) and the model's sums. Counts and sums are whole numbers,
-- which PGlite's 32-bit build adds without allocating. Runs as the caller:
-- row-level security limits it to the caller's entries.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_cells(since timestamptz, time_zone text)
RETURNS TABLE (day date, day_n integer, n integer, energy_sum integer, engagement_sum integer,
               part integer, activity_key text, tag_keys text[], last_at timestamptz)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  SELECT c.day, (sum(c.n) OVER (PARTITION BY c.day))::integer, c.n, c.energy_sum,
         c.engagement_sum, c.part, c.activity_key, c.tag_keys, c.last_at
  FROM (
    SELECT local::date AS day,
           CASE WHEN date_part('hour', local) >= 12 AND date_part('hour', local) < 17 THEN 1
                WHEN date_part('hour', local) >= 17 AND date_part('hour', local) < 22 THEN 2
                WHEN date_part('hour', local) >= 22 OR date_part('hour', local) < 5 THEN 3
           END AS part,
           activity_key, tag_keys,
           count(*)::integer AS n, sum(energy)::integer AS energy_sum,
           sum(engagement)::integer AS engagement_sum, max(created_at) AS last_at
    FROM (
      -- OFFSET 0: the local time is worked out once per entry.
      SELECT a.activity_key, a.tag_keys, a.energy, a.engagement, a.created_at,
             a.created_at AT TIME ZONE time_zone AS local
      FROM public.activity_entries a
      WHERE a.created_at >= coalesce(since, '-infinity')
      OFFSET 0
    ) converted
    GROUP BY 1, 2, 3, 4
  ) c
  ORDER BY c.day
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_cells(timestamptz, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_cells(timestamptz, text) TO authenticated;
