-- The middle of the clustered sandwich of the held-fixed model of
-- insights() (docs/decisions/083), per measure: Σ over days of s_d·s_d',
-- with the day's score s_d = Σ_cells x·r − c_d·r̄_d, where r = y_sum −
-- n·x'β is a cell's residual, c_d = Σ n·x over the day's cells and r̄_d the
-- day's mean residual (its own level taken out), that is the sum over the
-- day's cells with column j of r − n·r̄_d. The cells come as in
-- held_fixed_normal_equations; β per measure.
-- Set-based like held_fixed_normal_equations (ADR 101): one row per day
-- with each column's score, s_d[j] = Σ r over the day's cells with column
-- j − c_d[j]·r̄_d, and one aggregate over the days adds up the products, a
-- statement written for the model's size.
CREATE OR REPLACE FUNCTION journal_private.held_fixed_scores(
  cell_day integer[], cell_day_n integer[], cell_n integer[], cell_energy integer[],
  cell_engagement integer[], cell_part integer[], cell_activity integer[], cell_mask integer[],
  part_columns integer, first_multi integer, size integer,
  beta_energy float8[], beta_engagement float8[],
  OUT meat_energy float8[], OUT meat_engagement float8[])
-- jit off: PostgreSQL would compile the statement's hundreds of sums at
-- every call, which costs more than they do.
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' SET jit = off AS $$
DECLARE
  scores text;
  totals text;
  products text;
  energy_products float8[];
  engagement_products float8[];
  energy_totals float8[];
  engagement_totals float8[];
  day_count float8;
  place integer := 0;
  a integer;
  b integer;
BEGIN
  meat_energy := array_fill(0::float8, ARRAY[size * size]);
  meat_engagement := array_fill(0::float8, ARRAY[size * size]);
  IF coalesce(cardinality(cell_day), 0) = 0 OR size < 1 THEN
    RETURN;
  END IF;
  -- Per day and column j, per measure: s_d[j] = Σ r over the day's cells
  -- with j − (their entries)·r̄_d, one row per day (the sums that repeat
  -- are computed once).
  SELECT string_agg(format('coalesce(sum(energy) FILTER (WHERE %1$s), 0) '
                           '- coalesce(sum(n) FILTER (WHERE %1$s), 0) * sum(energy) / day_n AS e%2$s, '
                           'coalesce(sum(engagement) FILTER (WHERE %1$s), 0) '
                           '- coalesce(sum(n) FILTER (WHERE %1$s), 0) * sum(engagement) / day_n AS g%2$s',
                           journal_private.held_fixed_column_test(j, part_columns, first_multi), j),
                    ', ' ORDER BY j),
         'ARRAY[' || string_agg(format('sum(e%s)', j), ', ' ORDER BY j) || '], '
         || 'ARRAY[' || string_agg(format('sum(g%s)', j), ', ' ORDER BY j) || ']'
  INTO scores, totals FROM generate_series(1, size) j;
  -- Σ_d s_a·s_b as regr_sxy, Σ (s_a − s̄_a)(s_b − s̄_b), plus Σs_a·Σs_b / days
  -- below: regr_sxy adds in place, where sum(s_a * s_b) allocates two
  -- floats per day and pair on PGlite's 32-bit build (ADR 103).
  -- In parts (held_fixed_aggregate_parts): a list this long plans slowly.
  SELECT journal_private.held_fixed_aggregate_parts(
           array_agg(format('regr_sxy(e%s, e%s)', one, other) ORDER BY one, other), 'days')
         || ', '
         || journal_private.held_fixed_aggregate_parts(
              array_agg(format('regr_sxy(g%s, g%s)', one, other) ORDER BY one, other), 'days')
  INTO products FROM generate_series(1, size) x (one), generate_series(one, size) y (other);

  EXECUTE format($sql$
    WITH cell AS (
      SELECT * FROM unnest($1, $2, $3, $4, $5, $6, $7, $8)
        AS c (day, day_n, n, energy, engagement, part, activity, mask)
    ),
    -- The fit of the bits, once per distinct mask.
    masks AS MATERIALIZED (
      SELECT m.mask,
             coalesce((SELECT sum($10[$9 + bit]) FROM generate_series(0, 30) bit
                       WHERE m.mask & (1 << bit) <> 0), 0) AS energy,
             coalesce((SELECT sum($11[$9 + bit]) FROM generate_series(0, 30) bit
                       WHERE m.mask & (1 << bit) <> 0), 0) AS engagement
      FROM (SELECT DISTINCT mask FROM cell) m
    ),
    residuals AS MATERIALIZED (
      SELECT c.day, c.day_n, c.n, c.part, c.activity, c.mask,
             c.energy - c.n * (coalesce($10[c.part], 0) + coalesce($10[c.activity], 0) + m.energy) AS energy,
             c.engagement - c.n * (coalesce($11[c.part], 0) + coalesce($11[c.activity], 0) + m.engagement)
               AS engagement
      FROM cell c JOIN masks m USING (mask)
    ),
    days AS MATERIALIZED (
      SELECT %1$s FROM residuals GROUP BY day, day_n
    )
    SELECT %2$s, %3$s, count(*) FROM days
  $sql$, scores, products, totals)
  INTO energy_products, engagement_products, energy_totals, engagement_totals, day_count
  USING cell_day, cell_day_n, cell_n, cell_energy, cell_engagement, cell_part, cell_activity,
        cell_mask, first_multi, beta_energy, beta_engagement;

  FOR a IN 1..size LOOP
    FOR b IN a..size LOOP
      place := place + 1;
      meat_energy[(a - 1) * size + b] := energy_products[place]
                                         + energy_totals[a] * energy_totals[b] / day_count;
      meat_energy[(b - 1) * size + a] := meat_energy[(a - 1) * size + b];
      meat_engagement[(a - 1) * size + b] := engagement_products[place]
                                             + engagement_totals[a] * engagement_totals[b] / day_count;
      meat_engagement[(b - 1) * size + a] := meat_engagement[(a - 1) * size + b];
    END LOOP;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION journal_private.held_fixed_scores(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, integer, integer, float8[], float8[]) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.held_fixed_scores(integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer[], integer, integer, integer, float8[], float8[]) TO authenticated;
