-- Refuses a time zone that is not a named IANA zone this PostgreSQL knows,
-- for the functions that work in a person's local days (insights(),
-- energy_by_day(), day_answers()), with one message and hint for each way it can be wrong.
-- Only named zones: PostgreSQL would also accept POSIX strings ('UTC+3')
-- whose sign is the reverse of ISO's, which would shift every local day.
-- Raises invalid_parameter_value (HTTP 400 over the data API).
CREATE OR REPLACE FUNCTION journal_private.require_time_zone(time_zone text) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
BEGIN
  IF time_zone IS NULL OR btrim(time_zone) = '' THEN
    RAISE EXCEPTION 'time_zone is required'
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Pass an IANA time zone name such as Europe/Berlin.';
  END IF;
  IF time_zone !~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$'
     OR (time_zone ~ '[+-][0-9]' AND time_zone !~ '^(Etc/)?GMT[+-][0-9]{1,2}$') THEN
    RAISE EXCEPTION 'time_zone "%" is not an IANA time zone name', left(time_zone, 80)
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Pass an IANA time zone name such as Europe/Berlin.';
  END IF;
  BEGIN
    PERFORM now() AT TIME ZONE time_zone;
  EXCEPTION WHEN invalid_parameter_value THEN
    RAISE EXCEPTION 'time_zone "%" is not a known time zone', left(time_zone, 80)
      USING ERRCODE = 'invalid_parameter_value',
            HINT = 'Pass an IANA time zone name such as Europe/Berlin.';
  END;
END
$$;

REVOKE ALL ON FUNCTION journal_private.require_time_zone(text) FROM PUBLIC, anon, authenticated;
-- insights(), energy_by_day() and day_answers() run as their caller.
GRANT EXECUTE ON FUNCTION journal_private.require_time_zone(text) TO authenticated;
