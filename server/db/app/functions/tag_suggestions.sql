-- The caller's own tags for Track's suggestions (docs/decisions/038): those
-- whose key starts with the key of `prefix` (all of them for ''), most used
-- first, then most recently used, each shown with its most recent spelling.
-- Counted over the person's newest 2000 entries: what they tag these days,
-- at a cost that does not grow with the years of a journal (read newest
-- first along the primary key). Runs as the caller: row-level security
-- keeps it to their own entries.
CREATE OR REPLACE FUNCTION public.tag_suggestions(prefix text DEFAULT '', max_count integer DEFAULT 50)
RETURNS TABLE (tag text, entries integer, last_used timestamptz)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  SELECT (array_agg(t.tag ORDER BY e.created_at DESC))[1], count(*)::integer, max(e.created_at)
  FROM (
    SELECT r.created_at, r.tags, r.tag_keys FROM public.activity_entries r
    WHERE r.user_id = (SELECT auth.uid())
    ORDER BY r.created_at DESC
    LIMIT 2000
  ) e
  CROSS JOIN LATERAL unnest(e.tags, e.tag_keys) AS t (tag, key)
  -- starts_with, not LIKE: a typed % or _ is a character, not a pattern.
  WHERE starts_with(t.key, public.activity_key(coalesce(prefix, '')))
  GROUP BY t.key
  ORDER BY count(*) DESC, max(e.created_at) DESC
  LIMIT least(greatest(coalesce(max_count, 50), 0), 500)
$$;

REVOKE ALL ON FUNCTION public.tag_suggestions(text, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.tag_suggestions(text, integer) TO authenticated;
