-- An array of the held-fixed model's sums (docs/decisions/083), written as
-- SQL for held_fixed_normal_equations and held_fixed_scores: the given
-- aggregates over source (a materialized CTE of their statement), in their
-- order, as scalar subqueries of at most 128 aggregates each joined by ||.
-- One list of a thousand aggregates costs PostgreSQL's planner time that
-- grows with the square of its length (each new aggregate is compared with
-- every earlier one, to share their work); in parts of 128 it plans in
-- about a third of the time, and each part reads the CTE's rows once more,
-- which costs less (docs/decisions/106). Same sums, same order, same values.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_aggregate_parts(aggregates text[], source text)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT coalesce(string_agg(format('(SELECT ARRAY[%s]::float8[] FROM %I)', part, source), ' || '
                             ORDER BY k),
                  'ARRAY[]::float8[]')
  FROM (
    SELECT (o - 1) / 128 AS k, string_agg(a, ', ' ORDER BY o) AS part
    FROM unnest(aggregates) WITH ORDINALITY AS x (a, o)
    GROUP BY (o - 1) / 128
  ) parts
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_aggregate_parts(text[], text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_aggregate_parts(text[], text) TO authenticated;
