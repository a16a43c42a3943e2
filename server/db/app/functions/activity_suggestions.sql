-- The caller's own activity names for Track's suggestions: most used first,
-- then most recently used, each shown with its most recent spelling.
CREATE OR REPLACE FUNCTION public.activity_suggestions(max_count integer DEFAULT 50)
RETURNS TABLE (activity text, entries integer, last_used timestamptz)
LANGUAGE sql STABLE SECURITY INVOKER SET search_path = '' AS $$
  SELECT (array_agg(e.activity ORDER BY e.created_at DESC))[1], count(*)::integer, max(e.created_at)
  FROM public.activity_entries e
  GROUP BY e.activity_key
  ORDER BY count(*) DESC, max(e.created_at) DESC
  LIMIT least(greatest(coalesce(max_count, 50), 0), 500)
$$;

REVOKE ALL ON FUNCTION public.activity_suggestions(integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.activity_suggestions(integer) TO authenticated;
