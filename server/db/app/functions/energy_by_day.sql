-- Each day of one calendar year that has entries, with its entry count and
-- average energy, for the Insights tab's "Year in pixels"
-- (docs/decisions/040). Days are the person's own: an entry belongs to the
-- date its time has in time_zone, so an entry at 23:30 in Berlin is that
-- day's even when it is already the next day in UTC. Runs as the caller:
-- row-level security limits it to the caller's own entries.
--   year:      1970..2200.
--   time_zone: the person's IANA zone (e.g. 'Europe/Berlin'), checked by
--              journal_private.require_time_zone.
-- The year's bounds are converted to instants once, so the rows are a range
-- of the primary key (user_id, created_at): at most a year of one journal is
-- read, however long the journal.
CREATE OR REPLACE FUNCTION public.energy_by_day(year integer, time_zone text)
RETURNS TABLE (day date, entries integer, avg_energy integer)
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
DECLARE
  year_start timestamptz;
  year_end timestamptz;
BEGIN
  IF year IS NULL OR year < 1970 OR year > 2200 THEN
    RAISE EXCEPTION 'year must be between 1970 and 2200'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM journal_private.require_time_zone(time_zone);
  year_start := make_date(year, 1, 1)::timestamp AT TIME ZONE time_zone;
  year_end := make_date(year + 1, 1, 1)::timestamp AT TIME ZONE time_zone;

  RETURN QUERY
    SELECT (a.created_at AT TIME ZONE time_zone)::date AS day,
           count(*)::integer AS entries,
           round(avg(a.energy))::integer AS avg_energy
    FROM public.activity_entries a
    WHERE a.user_id = (SELECT auth.uid())
      AND a.created_at >= year_start
      AND a.created_at < year_end
    GROUP BY 1
    ORDER BY 1;
END;
$$;

REVOKE ALL ON FUNCTION public.energy_by_day(integer, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.energy_by_day(integer, text) TO authenticated;
