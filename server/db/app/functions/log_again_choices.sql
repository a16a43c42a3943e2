-- What Track's "Log again" offers (docs/decisions/072): the caller's six
-- activities logged most often in the last 30 days, most frequent first
-- (then most recently used), names grouped by activity_key as everywhere
-- else. Each comes as the caller last spelled it, with the values of its
-- most recent entry (energy, engagement, flow and tags; never the notes,
-- which belong to one moment), so that one press fills the form.
-- Only the last 30 days are read: a range of the primary key (user_id,
-- created_at), a few hundred rows even for someone who logs all day, at a
-- cost that does not grow with the years of a journal. Runs as the caller:
-- row-level security keeps it to their own entries.
CREATE OR REPLACE FUNCTION public.log_again_choices()
RETURNS TABLE (activity text, energy integer, engagement integer, flow_state boolean,
               tags text[], entries integer, last_used timestamptz)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  SELECT r.activity, r.energy, r.engagement, r.flow_state, r.tags, r.entries::integer, r.created_at
  FROM (
    SELECT e.activity, e.energy, e.engagement, e.flow_state, e.tags, e.created_at,
           count(*) OVER by_name AS entries,
           row_number() OVER (by_name ORDER BY e.created_at DESC) AS newest
    FROM public.activity_entries e
    WHERE e.user_id = (SELECT auth.uid())
      AND e.created_at >= now() - interval '30 days'
    WINDOW by_name AS (PARTITION BY e.activity_key)
  ) r
  WHERE r.newest = 1
  ORDER BY r.entries DESC, r.created_at DESC
  LIMIT 6
$$;

REVOKE ALL ON FUNCTION public.log_again_choices() FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.log_again_choices() TO authenticated;
