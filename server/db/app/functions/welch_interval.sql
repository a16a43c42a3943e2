-- The difference of two means and its 95% confidence interval by Welch's t
-- (docs/decisions/039), from each group's count, sum and sum of squares, so
-- that insights() can compare "with" against "without" from the sums it
-- already keeps, without a second look at the entries.
--   difference:          mean of the first group minus mean of the second
--   margin:              half-width of the interval, t(0.975, ν) · SE
--   degrees_of_freedom:  Welch–Satterthwaite ν; null when both groups are
--                        constant (SE 0: the interval is the point itself)
-- Each group needs at least 2 values for a sample variance; insights() asks
-- for 3. Rounding can make a constant group's sum of squares minus its
-- squared sum slightly negative, hence greatest(0, …).
CREATE OR REPLACE FUNCTION journal_private.welch_interval(
  n1 integer, sum1 float8, squares1 float8,
  n2 integer, sum2 float8, squares2 float8,
  OUT difference float8, OUT margin float8, OUT degrees_of_freedom float8)
-- plpgsql for the same reason as t_quantile_975: its plan is kept.
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  -- Each mean's squared standard error, sample variance / n.
  a CONSTANT float8 := greatest(0, squares1 - sum1 * sum1 / n1) / (n1 - 1) / n1;
  b CONSTANT float8 := greatest(0, squares2 - sum2 * sum2 / n2) / (n2 - 1) / n2;
BEGIN
  difference := sum1 / n1 - sum2 / n2;
  IF a + b > 0 THEN
    degrees_of_freedom := (a + b) ^ 2 / (a ^ 2 / (n1 - 1) + b ^ 2 / (n2 - 1));
    margin := journal_private.t_quantile_975(degrees_of_freedom) * sqrt(a + b);
  ELSE
    margin := 0;
  END IF;
END
$$;

REVOKE ALL ON FUNCTION journal_private.welch_interval(integer, float8, float8, integer, float8, float8) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.welch_interval(integer, float8, float8, integer, float8, float8) TO authenticated;
