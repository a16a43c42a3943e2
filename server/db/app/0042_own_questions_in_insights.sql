-- Insights compares a person's own yes-or-no questions asked with every
-- entry beside activities and tags, and relates their number, scale and
-- once-a-day questions to energy (docs/decisions/085). The held-fixed
-- functions take the questions to compare, so their former signatures go:
-- a function file creates the new one, and none is left that nothing calls.
DROP FUNCTION IF EXISTS journal_private.held_fixed_comparisons(timestamptz, text);
DROP FUNCTION IF EXISTS journal_private.held_fixed_cells(timestamptz, text);
