-- The two-sided p-value of Student's t: P(|T| ≥ |t|) for T with a whole
-- number of degrees of freedom, as the held-fixed comparisons of insights()
-- need it for their false-discovery control (docs/decisions/083).
-- Exact for whole ν by the finite series of Student's distribution (with
-- θ = atan(|t| / √ν), P(|T| < |t|) is
--   ν odd:  (2/π)·(θ + sin θ·(cos θ + ⅔cos³θ + (2·4)/(3·5)·cos⁵θ + …)),
--   ν even: sin θ·(1 + ½cos²θ + (1·3)/(2·4)·cos⁴θ + …),
-- each to the term in cos^(ν−2) θ), so no special function is needed.
-- ν is the comparison's days less one, never more than a few thousand, so
-- the loop is short; ν < 1 is read as 1, which only raises the p-value.
CREATE OR REPLACE FUNCTION journal_private.t_two_sided_p(t float8, degrees_of_freedom integer)
RETURNS float8
-- plpgsql: insights() calls it once per comparison and its plan is kept.
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  v CONSTANT integer := greatest(degrees_of_freedom, 1);
  theta CONSTANT float8 := atan(abs(t) / sqrt(v::float8));
  c2 CONSTANT float8 := cos(theta) ^ 2;
  term float8;
  total float8;
  i integer;
BEGIN
  IF v % 2 = 1 THEN
    total := 0;
    IF v > 1 THEN
      term := cos(theta);
      total := term;
      i := 3;
      WHILE i <= v - 2 LOOP
        term := term * c2 * (i - 1) / i;
        total := total + term;
        i := i + 2;
      END LOOP;
    END IF;
    RETURN greatest(0, 1 - 2 / pi() * (theta + sin(theta) * total));
  END IF;
  term := 1;
  total := 1;
  i := 2;
  WHILE i <= v - 2 LOOP
    term := term * c2 * (i - 1) / i;
    total := total + term;
    i := i + 2;
  END LOOP;
  RETURN greatest(0, 1 - sin(theta) * total);
END
$$;

REVOKE ALL ON FUNCTION journal_private.t_two_sided_p(float8, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.t_two_sided_p(float8, integer) TO authenticated;
