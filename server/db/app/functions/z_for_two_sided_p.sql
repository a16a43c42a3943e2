-- The normal quantile z with P(|Z| ≥ z) = p, for p between 10⁻⁶ and 0.5:
-- how far a difference must stand from zero, in standard errors, to reach a
-- two-sided p-value. insights() uses it only to say roughly how many more
-- days would settle a comparison (docs/decisions/083), so a table of exact
-- values interpolated linearly in log p, within 0.01 of the exact quantile,
-- is enough; p outside the table is read as its nearest end.
CREATE OR REPLACE FUNCTION journal_private.z_for_two_sided_p(p float8)
RETURNS float8
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  ps CONSTANT float8[] := ARRAY[0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001,
                                0.0005, 0.0002, 0.0001, 0.00001, 0.000001];
  zs CONSTANT float8[] := ARRAY[0.674490, 1.281552, 1.644854, 1.959964, 2.326348, 2.575829,
                                2.807034, 3.090232, 3.290527, 3.480756, 3.719016, 3.890592,
                                4.417173, 4.891638];
  x CONSTANT float8 := least(greatest(p, ps[14]), ps[1]);
  i integer := 1;
BEGIN
  WHILE i < 13 AND x < ps[i + 1] LOOP
    i := i + 1;
  END LOOP;
  RETURN zs[i] + (zs[i + 1] - zs[i]) * (ln(x) - ln(ps[i])) / (ln(ps[i + 1]) - ln(ps[i]));
END
$$;

REVOKE ALL ON FUNCTION journal_private.z_for_two_sided_p(float8) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.z_for_two_sided_p(float8) TO authenticated;
