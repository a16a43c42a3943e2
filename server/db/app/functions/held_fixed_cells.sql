-- The cells of the held-fixed model of insights() (docs/decisions/083): the
-- period's entries (since null: all), in the caller's time zone, one cell
-- per entry, each with its local day, time of day, activity and tags, its
-- entries' count (1), their sums of energy and engagement (its own), its
-- time, and how many entries its day has:
--   part  the time of day in blocks of two or three hours: 1 8–10, 2 10–12,
--         3 12–14, 4 14–17, 5 17–19, 6 19–22, 7 22–5; null for 5–8 (the
--         model's base). Blocks this short keep a daily rhythm within the
--         four parts the tab names from passing for an activity's effect
--         (docs/decisions/083),
--   answers the entry's answers to the person's own yes-or-no questions
--         asked with every entry, those named in yes_no_ids (an object of
--         question id to 'true' or 'false', docs/decisions/085); null when
--         yes_no_ids is null, so a journal without such questions pays
--         nothing per entry for them,
-- ordered by day. Entries are not grouped into cells of the same day, time,
-- activity and tags: they seldom share all four, so grouping cost most of
-- this read and saved little after it (ADR 103); every sum over the cells
-- is the same either way. One read of the entries gives both what is
-- compared (the factors' counts) and the model's sums. Counts and sums are
-- whole numbers, which PGlite's 32-bit build adds without allocating. Runs
-- as the caller: row-level security limits it to the caller's entries.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_cells(since timestamptz, time_zone text,
                                                            yes_no_ids text[])
RETURNS TABLE (day date, day_n integer, n integer, energy_sum integer, engagement_sum integer,
               part integer, activity_key text, tag_keys text[], answers jsonb, last_at timestamptz)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  SELECT c.day, (count(*) OVER (PARTITION BY c.day))::integer, 1, c.energy, c.engagement,
         c.part, c.activity_key, c.tag_keys, c.answers, c.created_at
  FROM (
    SELECT local::date AS day,
           -- By the local hour (0–23): one lookup, not a comparison per block.
           ('{7,7,7,7,7,NULL,NULL,NULL,1,1,2,2,3,3,4,4,4,5,5,6,6,6,7,7}'::integer[])[date_part('hour', local)::integer + 1]
             AS part,
           activity_key, tag_keys, answers, energy, engagement, created_at
    FROM (
      -- OFFSET 0: the local time is worked out once per entry.
      SELECT a.activity_key, a.tag_keys, a.energy, a.engagement, a.created_at,
             a.created_at AT TIME ZONE time_zone AS local,
             -- The entry's other answers taken off in one operation (the
             -- list of the person's other questions is read once).
             CASE WHEN yes_no_ids IS NOT NULL
                  THEN a.answers - (SELECT coalesce(array_agg(q.id::text), '{}')
                                    FROM public.questions q
                                    WHERE q.owner_id = (SELECT auth.uid())
                                      AND q.id::text <> ALL (yes_no_ids)) END AS answers
      FROM public.activity_entries a
      WHERE a.created_at >= coalesce(since, '-infinity')
      OFFSET 0
    ) converted
  ) c
  ORDER BY c.day
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_cells(timestamptz, text, text[]) TO authenticated;
