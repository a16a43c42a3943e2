-- How activity names are grouped: case-insensitive, surrounding whitespace
-- dropped, inner runs of whitespace as one space ("Deep  work " = "deep work").
-- lower() follows the database's collation, like every case rule in SQL.
-- The search_path is pinned like every other function of ours, so that
-- Supabase's Security Advisor finds none left mutable.
--
-- activity_entries.activity_key is generated from this function and stored:
-- a change to the grouping rule needs a migration that recomputes the stored
-- keys (UPDATE public.activity_entries SET activity = activity) after it.
CREATE OR REPLACE FUNCTION public.activity_key(activity text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = ''
RETURN lower(btrim(regexp_replace(activity, '\s+', ' ', 'g')));

REVOKE ALL ON FUNCTION public.activity_key(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.activity_key(text) TO authenticated;
