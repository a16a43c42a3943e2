-- Which of a screen's comparisons stay clear once all of them were looked
-- at: the Benjamini–Hochberg step-up rule at false-discovery rate q
-- (docs/decisions/083). With the m p-values sorted, p(1) ≤ … ≤ p(m), the
-- largest k with p(k) ≤ k·q/m keeps the k smallest; none when no k does.
-- Returns, in the order given, each p-value's q-value (the smallest rate at
-- which it would be kept: min over j ≥ its rank of p(j)·m/j, at most 1), so
-- a comparison is kept exactly when its q-value is ≤ q. Null p-values are
-- not comparisons: they get null and do not count in m.
CREATE OR REPLACE FUNCTION journal_private.benjamini_hochberg(p_values float8[])
RETURNS float8[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
  SELECT coalesce(array_agg(q.q_value ORDER BY g.position), '{}')
  FROM unnest(p_values) WITH ORDINALITY AS g (p_value, position)
  LEFT JOIN (
    SELECT r.position,
           least(1, min(r.p_value * r.m / r.rank)
                      OVER (ORDER BY r.rank DESC ROWS UNBOUNDED PRECEDING)) AS q_value
    FROM (
      SELECT s.position, s.p_value,
             row_number() OVER (ORDER BY s.p_value, s.position) AS rank,
             count(*) OVER () AS m
      FROM unnest(p_values) WITH ORDINALITY AS s (p_value, position)
      WHERE s.p_value IS NOT NULL
    ) r
  ) q ON q.position = g.position
$$;

REVOKE ALL ON FUNCTION journal_private.benjamini_hochberg(float8[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.benjamini_hochberg(float8[]) TO authenticated;
