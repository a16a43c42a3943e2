-- The comparisons of insights() hold the rest fixed in one model per
-- measure (docs/decisions/083) and no longer compare two groups by Welch's
-- t: its function goes, so that no function is left that nothing calls.
DROP FUNCTION IF EXISTS journal_private.welch_interval(integer, float8, float8, integer, float8, float8);
