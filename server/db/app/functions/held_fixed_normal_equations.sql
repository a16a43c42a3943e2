-- X'X and X'y of the held-fixed model of insights() (docs/decisions/083),
-- with each day's own level taken out, from the cells of held_fixed_cells
-- as parallel arrays: cell i has cell_n[i] entries on day cell_day[i]
-- (cell_day_n[i] entries that day), their sums of energy and engagement,
-- and the columns that are 1 for it: cell_part[i] and cell_activity[i]
-- (each a column or null) and the bits of cell_mask[i], bit b for column
-- first_multi + b. Columns 1..part_columns are parts of the day, up to
-- first_multi − 1 activities. With c_d = Σ n·x over the day's cells and
-- ȳ_d the day's mean:
--   X'X = Σ_cells n·x·x' − Σ_d c_d·c_d'/n_d,
--   X'y = Σ_cells x·y_sum − Σ_d c_d·ȳ_d    (energy, then engagement).
-- Set-based, not loops (ADR 101): the first sums come from the few
-- distinct sets of columns; the second from one row per day with a column
-- per model column, whose products one aggregate over the days adds up.
-- The statement is written for the model's size, so it runs as EXECUTE.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_normal_equations(
  cell_day integer[], cell_day_n integer[], cell_n integer[], cell_energy integer[],
  cell_engagement integer[], cell_part integer[], cell_activity integer[], cell_mask integer[],
  part_columns integer, first_multi integer, size integer,
  OUT gram float8[], OUT moments float8[])
-- jit off: PostgreSQL would compile the statement's hundreds of sums at
-- every call, which costs more than they do.
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' SET jit = off AS $$
DECLARE
  columns text;
  scaled text;
  products text;
  pair_a integer[];
  pair_b integer[];
  pair_sum bigint[];
  column_no integer[];
  column_energy bigint[];
  column_engagement bigint[];
  day_products float8[];
  day_totals float8[];
  day_count float8;
  place integer := 0;
  a integer;
  b integer;
  k integer;
BEGIN
  gram := array_fill(0::float8, ARRAY[size * size]);
  moments := array_fill(0::float8, ARRAY[2 * size]);
  IF coalesce(cardinality(cell_day), 0) = 0 OR size < 1 THEN
    RETURN;
  END IF;
  -- c_j of each day: the entries of its cells that have column j; then
  -- the day's vector (c_1 … c_size, energy, engagement) / √n_d, so that
  -- the sums of its products are Σ_d c_d·c_d'/n_d and Σ_d c_d·ȳ_d.
  SELECT string_agg(format('coalesce(sum(n) FILTER (WHERE %s), 0) AS c%s',
                           journal_private.held_fixed_column_test(j, part_columns, first_multi), j),
                    ', ' ORDER BY j),
         string_agg(format('c%s / root AS v%s', j, j), ', ' ORDER BY j)
           || format(', energy / root AS v%s, engagement / root AS v%s', size + 1, size + 2)
  INTO columns, scaled FROM generate_series(1, size) j;
  -- Σ v_a·v_b for a ≤ b ≤ size, then each column with energy, then with
  -- engagement: as regr_sxy, Σ (v_a − v̄_a)(v_b − v̄_b), plus Σv_a·Σv_b / days
  -- below (regr_sxy adds in place, where sum(v_a * v_b) allocates two floats
  -- per day and pair on PGlite's 32-bit build, ADR 103).
  -- In parts (held_fixed_aggregate_parts): a list this long plans slowly.
  SELECT journal_private.held_fixed_aggregate_parts(
           array_agg(format('regr_sxy(v%s, v%s)', one, other) ORDER BY other > size, other, one),
           'vectors')
  INTO products
  FROM generate_series(1, size) x (one), generate_series(one, size + 2) y (other);
  products := products || ', ARRAY['
              || (SELECT string_agg(format('sum(v%s)', j), ', ' ORDER BY j) FROM generate_series(1, size + 2) j)
              || ']::float8[], count(*)';

  EXECUTE format($sql$
    WITH cell AS (
      SELECT * FROM unnest($1, $2, $3, $4, $5, $6, $7, $8)
        AS c (day, day_n, n, energy, engagement, part, activity, mask)
    ),
    -- The cells with the same columns, each set of columns once.
    sets AS (
      SELECT row_number() OVER () AS id, part, activity, mask, sum(n) AS n,
             sum(energy) AS energy, sum(engagement) AS engagement
      FROM cell GROUP BY part, activity, mask
    ),
    set_columns AS MATERIALIZED (
      SELECT s.id, s.n, s.energy, s.engagement, x.col
      FROM sets s
      CROSS JOIN LATERAL (
        SELECT s.part AS col WHERE s.part IS NOT NULL
        UNION ALL SELECT s.activity WHERE s.activity IS NOT NULL
        UNION ALL SELECT $9 + bit FROM generate_series(0, 30) bit
                  WHERE s.mask <> 0 AND s.mask & (1 << bit) <> 0
      ) x
    ),
    pairs AS (
      SELECT a.col AS a, b.col AS b, sum(a.n) AS total
      FROM set_columns a JOIN set_columns b ON b.id = a.id AND b.col >= a.col
      GROUP BY a.col, b.col
    ),
    by_column AS (
      SELECT col, sum(energy) AS energy, sum(engagement) AS engagement FROM set_columns GROUP BY col
    ),
    days AS MATERIALIZED (
      SELECT sqrt(day_n) AS root, sum(energy) AS energy, sum(engagement) AS engagement, %1$s
      FROM cell GROUP BY day, day_n
    ),
    vectors AS MATERIALIZED (
      SELECT %2$s FROM days
    )
    SELECT (SELECT array_agg(a) FROM pairs), (SELECT array_agg(b) FROM pairs),
           (SELECT array_agg(total) FROM pairs),
           (SELECT array_agg(col) FROM by_column), (SELECT array_agg(energy) FROM by_column),
           (SELECT array_agg(engagement) FROM by_column),
           %3$s
    FROM vectors
  $sql$, columns, scaled, products)
  INTO pair_a, pair_b, pair_sum, column_no, column_energy, column_engagement, day_products,
       day_totals, day_count
  USING cell_day, cell_day_n, cell_n, cell_energy, cell_engagement, cell_part, cell_activity,
        cell_mask, first_multi;

  FOR k IN 1..coalesce(cardinality(pair_a), 0) LOOP
    gram[(pair_a[k] - 1) * size + pair_b[k]] := pair_sum[k];
  END LOOP;
  -- day_products is ordered by its second column, then its first.
  FOR b IN 1..size LOOP
    FOR a IN 1..b LOOP
      place := place + 1;
      gram[(a - 1) * size + b] := gram[(a - 1) * size + b] - day_products[place]
                                  - day_totals[a] * day_totals[b] / day_count;
      gram[(b - 1) * size + a] := gram[(a - 1) * size + b];
    END LOOP;
  END LOOP;
  FOR k IN 1..coalesce(cardinality(column_no), 0) LOOP
    moments[column_no[k]] := column_energy[k];
    moments[size + column_no[k]] := column_engagement[k];
  END LOOP;
  FOR k IN 1..size LOOP
    moments[k] := moments[k] - day_products[place + k]
                  - day_totals[k] * day_totals[size + 1] / day_count;
    moments[size + k] := moments[size + k] - day_products[place + size + k]
                         - day_totals[k] * day_totals[size + 2] / day_count;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_normal_equations(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, integer, integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_normal_equations(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, integer, integer) TO authenticated;
