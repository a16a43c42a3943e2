-- X'X and X'y of the held-fixed model of insights() (docs/decisions/083),
-- with each day's own level taken out, in one pass over the cells of
-- held_fixed_cells ordered by day, given as parallel arrays: cell i has
-- cell_n[i] entries on day cell_day[i] (cell_day_n[i] entries that day),
-- their sums of energy and engagement, and cell_width[i] columns that are
-- 1 for it, which are the next cell_width[i] elements of cell_cols. With
-- c_d = Σ n·x over the day's cells and ȳ_d the day's mean:
--   X'X = Σ_cells n·x·x' − Σ_d c_d·c_d'/n_d,
--   X'y = Σ_cells x·y_sum − Σ_d c_d·ȳ_d    (energy, then engagement).
-- plpgsql over arrays: a long journal's days each touch a dozen or so
-- columns, and these loops cost a fraction of the pairs of rows that a
-- query would join (docs/benchmark.md, ADR 083).
CREATE OR REPLACE FUNCTION journal_private.held_fixed_normal_equations(
  cell_day integer[], cell_day_n integer[], cell_n integer[], cell_energy integer[],
  cell_engagement integer[], cell_width integer[], cell_cols integer[], size integer,
  OUT gram float8[], OUT moments float8[])
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  cells CONSTANT integer := coalesce(cardinality(cell_day), 0);
  -- The day under way: each column's count, which columns it touched, its sums.
  day_c float8[] := array_fill(0::float8, ARRAY[size]);
  touched integer[] := '{}';
  day_energy float8 := 0;
  day_engagement float8 := 0;
  first integer := 1;
  share float8;
  row_start integer;
  i integer;
  a integer;
  b integer;
  j integer;
  k integer;
BEGIN
  gram := array_fill(0::float8, ARRAY[size * size]);
  moments := array_fill(0::float8, ARRAY[2 * size]);
  FOR i IN 1..cells + 1 LOOP
    -- A day ends: take its means out.
    IF i > 1 AND (i > cells OR cell_day[i] <> cell_day[i - 1]) THEN
      FOR a IN 1..cardinality(touched) LOOP
        j := touched[a];
        share := day_c[j] / cell_day_n[i - 1];
        row_start := (j - 1) * size;
        moments[j] := moments[j] - share * day_energy;
        moments[size + j] := moments[size + j] - share * day_engagement;
        FOR b IN a..cardinality(touched) LOOP
          gram[row_start + touched[b]] := gram[row_start + touched[b]] - share * day_c[touched[b]];
        END LOOP;
      END LOOP;
      FOREACH j IN ARRAY touched LOOP
        day_c[j] := 0;
      END LOOP;
      touched := '{}';
      day_energy := 0;
      day_engagement := 0;
    END IF;
    EXIT WHEN i > cells;
    day_energy := day_energy + cell_energy[i];
    day_engagement := day_engagement + cell_engagement[i];
    FOR a IN first..first + cell_width[i] - 1 LOOP
      j := cell_cols[a];
      moments[j] := moments[j] + cell_energy[i];
      moments[size + j] := moments[size + j] + cell_engagement[i];
      IF day_c[j] = 0 THEN
        touched := touched || j;
      END IF;
      day_c[j] := day_c[j] + cell_n[i];
      FOR b IN a..first + cell_width[i] - 1 LOOP
        gram[(j - 1) * size + cell_cols[b]] := gram[(j - 1) * size + cell_cols[b]] + cell_n[i];
      END LOOP;
    END LOOP;
    first := first + cell_width[i];
  END LOOP;
  -- Each pair of different columns was added once, at (j, k) or at (k, j),
  -- whichever came first: the matrix is the sum of the two.
  FOR j IN 1..size LOOP
    FOR k IN j + 1..size LOOP
      gram[(j - 1) * size + k] := gram[(j - 1) * size + k] + gram[(k - 1) * size + j];
      gram[(k - 1) * size + j] := gram[(j - 1) * size + k];
    END LOOP;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_normal_equations(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_normal_equations(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer) TO authenticated;
