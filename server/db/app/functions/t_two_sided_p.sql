-- The two-sided p-value of Student's t: P(|T| ≥ |t|) for T with a whole
-- number of degrees of freedom, as the held-fixed comparisons of insights()
-- need it for their false-discovery control (docs/decisions/083).
-- Exact for whole ν by the finite series of Student's distribution (with
-- θ = atan(|t| / √ν), P(|T| < |t|) is
--   ν odd:  (2/π)·(θ + sin θ·(cos θ + ⅔cos³θ + (2·4)/(3·5)·cos⁵θ + …)),
--   ν even: sin θ·(1 + ½cos²θ + (1·3)/(2·4)·cos⁴θ + …),
-- each to the term in cos^(ν−2) θ), so no special function is needed.
-- ν is the comparison's days less one, never more than a few thousand, so
-- the series has at most a few thousand terms; ν < 1 is read as 1, which
-- only raises the p-value. The terms only shrink, so the sum stops once one
-- no longer changes it: a large |t| makes cos θ tiny, and multiplying on
-- would underflow, which PostgreSQL refuses as an error.
CREATE OR REPLACE FUNCTION journal_private.t_two_sided_p(t float8, degrees_of_freedom integer)
RETURNS float8
-- plpgsql: insights() calls it once per comparison and its plan is kept.
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  v CONSTANT integer := greatest(degrees_of_freedom, 1);
  theta CONSTANT float8 := atan(abs(t) / sqrt(v::float8));
  -- cos θ below 10⁻¹⁵⁰ (|t| beyond 10¹⁵⁰·√ν) is 0 here: its square would underflow.
  c2 CONSTANT float8 := CASE WHEN cos(theta) < 1e-150 THEN 0 ELSE cos(theta) ^ 2 END;
  term float8;
  total float8;
  t1 float8;
  t2 float8;
  t3 float8;
  i integer;
BEGIN
  IF v = 1 THEN
    RETURN greatest(0, 1 - 2 / pi() * theta);
  END IF;
  -- ν odd: the series from cos θ, its next factor (2/3); ν even: from 1, (1/2).
  IF v % 2 = 1 THEN
    term := cos(theta);
    i := 3;
  ELSE
    term := 1;
    i := 2;
  END IF;
  total := term;
  -- Four terms a step while all four belong to the series: at a thousand
  -- days a step per term cost 0.3 ms a call (docs/decisions/107). The terms
  -- and the order of their adding are those of a step per term; only the
  -- stop is looked at every fourth term. With cos²θ above 10⁻⁴⁰, four more
  -- factors cannot underflow before the stop is seen (in floating point
  -- cos θ stays above about 6·10⁻¹⁷, θ being at most π/2 rounded, so this
  -- only guards against a change to how θ is found).
  WHILE i + 6 <= v - 2 AND term > 1e-17 * total AND c2 > 1e-40 LOOP
    t1 := term * c2 * (i - 1) / i;
    t2 := t1 * c2 * (i + 1) / (i + 2);
    t3 := t2 * c2 * (i + 3) / (i + 4);
    term := t3 * c2 * (i + 5) / (i + 6);
    total := total + t1 + t2 + t3 + term;
    i := i + 8;
  END LOOP;
  WHILE i <= v - 2 AND term > 1e-17 * total LOOP
    term := term * c2 * (i - 1) / i;
    total := total + term;
    i := i + 2;
  END LOOP;
  IF v % 2 = 1 THEN
    RETURN greatest(0, 1 - 2 / pi() * (theta + sin(theta) * total));
  END IF;
  RETURN greatest(0, 1 - sin(theta) * total);
END
$$;

REVOKE ALL ON FUNCTION journal_private.t_two_sided_p(float8, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.t_two_sided_p(float8, integer) TO authenticated;
