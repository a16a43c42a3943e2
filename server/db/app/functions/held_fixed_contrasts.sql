-- The comparisons of the held-fixed model of insights() for one measure
-- (docs/decisions/083), from its least squares: the inverse of X'X (size ×
-- size, row by row), the effects β and the middle of the clustered sandwich
-- (Σ over days of each day's score times itself, row by row).
-- An activity (activity_cols) is compared with "your typical activity", the
-- mean effect of the middle half of the activities by their effects (all of
-- them when fewer than four), so c = e_col − mean(e_typical); a tag
-- (tag_cols) with the entries without it, c = e_col. Column 0 among the
-- activities is the base activity, which has no column: its effect is 0.
-- For each: c'β and the
-- standard error √(w'·meat·w · scale) with w = (X'X)⁻¹c, scale the
-- small-sample factor of the clustered variance; and whether it is one of
-- the activities that make the typical one.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_contrasts(
  inverse float8[], size integer, beta float8[], meat float8[],
  activity_cols integer[], tag_cols integer[], scale float8)
RETURNS TABLE (col integer, estimate float8, standard_error float8, typical boolean)
-- plpgsql: a few dozen contrasts of a few dozen columns, size² steps each,
-- run far quicker as loops over arrays than as rows of a query.
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  typical_cols integer[];
  typical_w float8[] := array_fill(0::float8, ARRAY[size]);
  typical_effect float8 := 0;
  w float8[];
  quadratic float8;
  partial float8;
  a integer;
  b integer;
  row_start integer;
  t integer;
BEGIN
  SELECT coalesce(array_agg(x.c), '{}') INTO typical_cols
  FROM (
    SELECT c, row_number() OVER (ORDER BY coalesce(beta[c], 0), c) AS rank, count(*) OVER () AS k
    FROM unnest(activity_cols) c
  ) x
  WHERE x.k < 4 OR (x.rank > x.k / 4 AND x.rank <= x.k - x.k / 4);
  IF cardinality(typical_cols) > 0 THEN
    FOREACH t IN ARRAY typical_cols LOOP
      CONTINUE WHEN t = 0;
      typical_effect := typical_effect + beta[t] / cardinality(typical_cols);
      FOR a IN 1..size LOOP
        typical_w[a] := typical_w[a] + inverse[(a - 1) * size + t] / cardinality(typical_cols);
      END LOOP;
    END LOOP;
  END IF;
  FOREACH t IN ARRAY coalesce(activity_cols, '{}') || coalesce(tag_cols, '{}') LOOP
    w := array_fill(0::float8, ARRAY[size]);
    estimate := 0;
    IF t > 0 THEN
      FOR a IN 1..size LOOP
        w[a] := inverse[(a - 1) * size + t];
      END LOOP;
      estimate := beta[t];
    END IF;
    IF t = ANY (activity_cols) THEN
      FOR a IN 1..size LOOP
        w[a] := w[a] - typical_w[a];
      END LOOP;
      estimate := estimate - typical_effect;
    END IF;
    quadratic := 0;
    FOR a IN 1..size LOOP
      CONTINUE WHEN w[a] = 0;
      partial := 0;
      row_start := (a - 1) * size;
      -- Four products a statement, added in the same order: a statement
      -- per product was most of this function's time (docs/decisions/107).
      FOR b IN 1..size - 3 BY 4 LOOP
        partial := partial + meat[row_start + b] * w[b] + meat[row_start + b + 1] * w[b + 1]
                   + meat[row_start + b + 2] * w[b + 2] + meat[row_start + b + 3] * w[b + 3];
      END LOOP;
      FOR b IN size - size % 4 + 1..size LOOP
        partial := partial + meat[row_start + b] * w[b];
      END LOOP;
      quadratic := quadratic + w[a] * partial;
    END LOOP;
    col := t;
    typical := t = ANY (typical_cols);
    standard_error := sqrt(greatest(0, quadratic * scale));
    RETURN NEXT;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_contrasts(float8[], integer, float8[], float8[], integer[], integer[], float8) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_contrasts(float8[], integer, float8[], float8[], integer[], integer[], float8) TO authenticated;
