-- The test, in SQL, that a cell of the held-fixed model of insights() has
-- column col (docs/decisions/083), for the statements that
-- held_fixed_normal_equations and held_fixed_scores write for the model's
-- size: columns 1..part_columns are parts of the day (the cell's part),
-- up to first_multi − 1 activities (its activity), and from first_multi on
-- the bits of its mask (tags, Yes to a question, not answered).
CREATE OR REPLACE FUNCTION journal_private.held_fixed_column_test(col integer, part_columns integer,
                                                                  first_multi integer)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT CASE WHEN col <= part_columns THEN format('part = %s', col)
              WHEN col < first_multi THEN format('activity = %s', col)
              ELSE format('mask & %s <> 0', 1 << (col - first_multi)) END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_column_test(integer, integer, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_column_test(integer, integer, integer) TO authenticated;
