-- Student's t quantile t(0.975, ν): the factor of a 95% two-sided interval,
-- for any real degrees of freedom ν ≥ 2 (Welch's ν is fractional), as the
-- comparisons of insights() need it (docs/decisions/039).
-- The Cornish–Fisher expansion of t around the normal quantile z = 1.959964,
-- four terms in 1/ν, is within 3·10⁻⁵ of the exact quantile from ν = 8 on
-- and exact in the limit (1.959964). Below 8 it falls short of the exact
-- value by a correction that shrinks fast with ν (0.0321 at ν = 2, 0.0003 at
-- ν = 5); the correction is tabled at ν = 2..8 and interpolated linearly in
-- log ν and log correction, which leaves at most 7·10⁻⁵ error for any ν ≥ 2
-- (checked against the exact quantile on a fine grid; see the ADR).
-- Welch's degrees of freedom are never below the smaller n − 1, so with at
-- least 3 entries on each side ν ≥ 2; smaller values are read as 2, which
-- only widens an interval.
CREATE OR REPLACE FUNCTION journal_private.t_quantile_975(degrees_of_freedom float8)
RETURNS float8
-- plpgsql rather than sql: insights() calls it once per comparison, and a
-- plpgsql body keeps its plan for the session where a non-inlined sql body
-- is planned again on every call (about 0.5 ms each, measured).
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  v CONSTANT float8 := greatest(degrees_of_freedom, 2);
  lo CONSTANT integer := floor(v)::integer;
  -- Exact minus expansion at ν = 2, 3, …, 8.
  correction CONSTANT float8[] := ARRAY[0.0321, 0.003829, 0.0008629, 0.0002736,
                                        0.0001075, 0.00004888, 0.00002474];
  expansion CONSTANT float8 := 1.959963984540054
    + (2.372271230298562
       + (2.822498615739611
          + (2.555849679507722 + 1.589534053393823 / v) / v) / v) / v;
BEGIN
  IF v >= 8 THEN
    RETURN expansion;
  END IF;
  RETURN expansion
         + exp(ln(correction[lo - 1])
               + (ln(correction[lo]) - ln(correction[lo - 1]))
                 * (ln(v) - ln(lo)) / (ln(lo + 1) - ln(lo)));
END
$$;

REVOKE ALL ON FUNCTION journal_private.t_quantile_975(float8) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.t_quantile_975(float8) TO authenticated;
