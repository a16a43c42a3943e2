-- The middle of the clustered sandwich of the held-fixed model of
-- insights() (docs/decisions/083), per measure: Σ over days of s_d·s_d',
-- with the day's score s_d = Σ_cells x·r − c_d·r̄_d, where r = y_sum −
-- n·x'β is a cell's residual, c_d = Σ n·x over the day's cells and r̄_d the
-- day's mean residual (its own level taken out). The cells come as in
-- held_fixed_normal_equations, ordered by day; β per measure.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_scores(
  cell_day integer[], cell_day_n integer[], cell_n integer[], cell_energy integer[],
  cell_engagement integer[], cell_width integer[], cell_cols integer[], size integer,
  beta_energy float8[], beta_engagement float8[],
  OUT meat_energy float8[], OUT meat_engagement float8[])
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  cells CONSTANT integer := coalesce(cardinality(cell_day), 0);
  -- The day under way: per column its count and Σ x·r of each measure.
  day_c float8[] := array_fill(0::float8, ARRAY[size]);
  day_re float8[] := array_fill(0::float8, ARRAY[size]);
  day_rg float8[] := array_fill(0::float8, ARRAY[size]);
  touched integer[] := '{}';
  residual_energy float8 := 0;
  residual_engagement float8 := 0;
  fit_energy float8;
  fit_engagement float8;
  se float8;
  sg float8;
  first integer := 1;
  row_start integer;
  i integer;
  a integer;
  b integer;
  j integer;
  k integer;
BEGIN
  meat_energy := array_fill(0::float8, ARRAY[size * size]);
  meat_engagement := array_fill(0::float8, ARRAY[size * size]);
  FOR i IN 1..cells + 1 LOOP
    IF i > 1 AND (i > cells OR cell_day[i] <> cell_day[i - 1]) THEN
      -- Turn the day's sums into its scores, then add their products.
      FOREACH j IN ARRAY touched LOOP
        day_re[j] := day_re[j] - day_c[j] * residual_energy / cell_day_n[i - 1];
        day_rg[j] := day_rg[j] - day_c[j] * residual_engagement / cell_day_n[i - 1];
      END LOOP;
      FOR a IN 1..cardinality(touched) LOOP
        j := touched[a];
        se := day_re[j];
        sg := day_rg[j];
        row_start := (j - 1) * size;
        FOR b IN a..cardinality(touched) LOOP
          meat_energy[row_start + touched[b]] := meat_energy[row_start + touched[b]]
                                                 + se * day_re[touched[b]];
          meat_engagement[row_start + touched[b]] := meat_engagement[row_start + touched[b]]
                                                     + sg * day_rg[touched[b]];
        END LOOP;
      END LOOP;
      FOREACH j IN ARRAY touched LOOP
        day_c[j] := 0;
        day_re[j] := 0;
        day_rg[j] := 0;
      END LOOP;
      touched := '{}';
      residual_energy := 0;
      residual_engagement := 0;
    END IF;
    EXIT WHEN i > cells;
    fit_energy := 0;
    fit_engagement := 0;
    FOR a IN first..first + cell_width[i] - 1 LOOP
      fit_energy := fit_energy + beta_energy[cell_cols[a]];
      fit_engagement := fit_engagement + beta_engagement[cell_cols[a]];
    END LOOP;
    fit_energy := cell_energy[i] - cell_n[i] * fit_energy;
    fit_engagement := cell_engagement[i] - cell_n[i] * fit_engagement;
    residual_energy := residual_energy + fit_energy;
    residual_engagement := residual_engagement + fit_engagement;
    FOR a IN first..first + cell_width[i] - 1 LOOP
      j := cell_cols[a];
      IF day_c[j] = 0 THEN
        touched := touched || j;
      END IF;
      day_c[j] := day_c[j] + cell_n[i];
      day_re[j] := day_re[j] + fit_energy;
      day_rg[j] := day_rg[j] + fit_engagement;
    END LOOP;
    first := first + cell_width[i];
  END LOOP;
  -- Each pair of different columns was added once, at (j, k) or at (k, j):
  -- the matrix is the sum of the two.
  FOR j IN 1..size LOOP
    FOR k IN j + 1..size LOOP
      meat_energy[(j - 1) * size + k] := meat_energy[(j - 1) * size + k]
                                         + meat_energy[(k - 1) * size + j];
      meat_energy[(k - 1) * size + j] := meat_energy[(j - 1) * size + k];
      meat_engagement[(j - 1) * size + k] := meat_engagement[(j - 1) * size + k]
                                             + meat_engagement[(k - 1) * size + j];
      meat_engagement[(k - 1) * size + j] := meat_engagement[(j - 1) * size + k];
    END LOOP;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_scores(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, float8[], float8[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_scores(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, float8[], float8[]) TO authenticated;
