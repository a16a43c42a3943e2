-- Look Back shows an entry's own answers (docs/decisions/084) whether it is
-- read from the `activities` view or searched: search_entries (its file)
-- gains the column `answers` at its end, and a new result type needs a new
-- function.
DROP FUNCTION IF EXISTS public.search_entries(text, text, text, integer, integer, boolean, timestamptz, integer);
