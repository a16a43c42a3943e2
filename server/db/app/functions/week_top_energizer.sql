-- The top energizer of a person's week so far, for the weekly review
-- reminder (docs/decisions/073): of the entries from the Monday of `at`'s
-- week (in `zone`) up to `at`, the activity with the highest average energy,
-- if that average is at least 50% (the Insights threshold for an activity
-- that gives energy); ties to the one with more entries, then the most
-- recent. Named as last spelled, names grouped by activity_key. No row when
-- no activity of the week so far reaches the threshold. Read by the
-- scheduler, as the database's owner, for the person it names: never
-- callable through the data API.
CREATE OR REPLACE FUNCTION journal_private.week_top_energizer(person uuid, zone text, at timestamptz)
RETURNS TABLE (activity text, avg_energy integer, entries integer)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT (array_agg(e.activity ORDER BY e.created_at DESC))[1],
         round(avg(e.energy))::integer, count(*)::integer
  FROM public.activity_entries e
  WHERE e.user_id = person
    AND e.created_at >= (date_trunc('week', at AT TIME ZONE zone) AT TIME ZONE zone)
    AND e.created_at <= at
  GROUP BY e.activity_key
  HAVING avg(e.energy) >= 50
  ORDER BY avg(e.energy) DESC, count(*) DESC, max(e.created_at) DESC
  LIMIT 1
$$;

REVOKE ALL ON FUNCTION journal_private.week_top_energizer(uuid, text, timestamptz) FROM PUBLIC, anon, authenticated;
