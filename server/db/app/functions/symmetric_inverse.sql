-- The inverse of a symmetric positive semi-definite matrix, by its Cholesky
-- factor A = L·Lᵀ, as the held-fixed comparisons of insights() need it for
-- their least squares (docs/decisions/083). The matrix is given and
-- returned row by row in one array: element (i, j) at (i − 1)·size + j.
-- A column that the columns before it already make (its pivot, what is left
-- of its diagonal, at most 10⁻⁹ of the diagonal itself) is dropped: its row
-- and column of the answer are 0, and the rest is the inverse of the matrix
-- without it. So a factor that always comes with another (a tag only ever
-- given to one activity that is never logged without it) is left out of the
-- model instead of making it unsolvable; insights() reads a 0 on the
-- diagonal as "not compared".
-- plpgsql: a few dozen columns cost ~size³/3 multiplications, well under a
-- millisecond each thousand on PGlite; array elements are updated in place.
CREATE OR REPLACE FUNCTION journal_private.symmetric_inverse(matrix float8[], size integer)
RETURNS float8[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = '' AS $$
DECLARE
  l float8[] := array_fill(0::float8, ARRAY[size * size]);
  m float8[] := array_fill(0::float8, ARRAY[size * size]);
  inverse float8[] := array_fill(0::float8, ARRAY[size * size]);
  kept boolean[] := array_fill(false, ARRAY[size]);
  s float8;
  pivot float8;
  i integer;
  j integer;
  k integer;
BEGIN
  IF size < 1 THEN
    RETURN '{}';
  END IF;
  -- L, column by column; a dropped column stays 0.
  FOR j IN 1..size LOOP
    s := matrix[(j - 1) * size + j];
    FOR k IN 1..j - 1 LOOP
      s := s - l[(j - 1) * size + k] ^ 2;
    END LOOP;
    IF matrix[(j - 1) * size + j] > 0 AND s > 1e-9 * matrix[(j - 1) * size + j] THEN
      kept[j] := true;
      pivot := sqrt(s);
      l[(j - 1) * size + j] := pivot;
      FOR i IN j + 1..size LOOP
        s := matrix[(i - 1) * size + j];
        FOR k IN 1..j - 1 LOOP
          s := s - l[(i - 1) * size + k] * l[(j - 1) * size + k];
        END LOOP;
        l[(i - 1) * size + j] := s / pivot;
      END LOOP;
    END IF;
  END LOOP;
  -- M = L⁻¹ (lower triangular), rows of dropped columns 0.
  FOR j IN 1..size LOOP
    CONTINUE WHEN NOT kept[j];
    m[(j - 1) * size + j] := 1 / l[(j - 1) * size + j];
    FOR i IN j + 1..size LOOP
      CONTINUE WHEN NOT kept[i];
      s := 0;
      FOR k IN j..i - 1 LOOP
        s := s + l[(i - 1) * size + k] * m[(k - 1) * size + j];
      END LOOP;
      m[(i - 1) * size + j] := -s / l[(i - 1) * size + i];
    END LOOP;
  END LOOP;
  -- A⁻¹ = Mᵀ·M, symmetric: each pair once.
  FOR i IN 1..size LOOP
    FOR j IN i..size LOOP
      s := 0;
      FOR k IN j..size LOOP
        s := s + m[(k - 1) * size + i] * m[(k - 1) * size + j];
      END LOOP;
      inverse[(i - 1) * size + j] := s;
      inverse[(j - 1) * size + i] := s;
    END LOOP;
  END LOOP;
  RETURN inverse;
END
$$;

REVOKE ALL ON FUNCTION journal_private.symmetric_inverse(float8[], integer) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION journal_private.symmetric_inverse(float8[], integer) TO authenticated;
