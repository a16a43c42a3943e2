-- The bound on the bytes of one data API answer (docs/decisions/086). The
-- data API's statement ends in a call of this function on the JSON text it
-- built, so an answer past the bound is refused inside the database: the
-- text never crosses to the server's thread, a write it answered for rolls
-- back with it, and both databases refuse alike in the same round trip.
-- Only our server's data API calls it; the app's own SQL never does.
CREATE SCHEMA IF NOT EXISTS data_api;

CREATE FUNCTION data_api.bounded_answer(body text, max_bytes integer)
RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path = '' AS $$
BEGIN
  -- octet_length reads the length word of the text, not the text.
  IF octet_length(body) > max_bytes THEN
    -- PTxyz chooses the HTTP status, as PostgREST's custom status codes do.
    RAISE EXCEPTION 'The answer is too large'
      USING ERRCODE = 'PT400',
            DETAIL = format('An answer may hold at most %s bytes of JSON; this one held %s',
                            max_bytes, octet_length(body)),
            HINT = 'Ask for fewer rows (limit) or fewer columns (select)';
  END IF;
  RETURN body;
END
$$;

REVOKE ALL ON FUNCTION data_api.bounded_answer(text, integer) FROM PUBLIC;
GRANT USAGE ON SCHEMA data_api TO anon, authenticated;
GRANT EXECUTE ON FUNCTION data_api.bounded_answer(text, integer) TO anon, authenticated;
