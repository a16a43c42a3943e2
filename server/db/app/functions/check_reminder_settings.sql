-- Refuses reminder settings the scheduler could not honour, each with a
-- message that tells the person what to change (SQLSTATE 22023: 400 through
-- the data API), and stamps updated_at on a change. A trigger on public.reminder_settings
-- (migration 0018); the zone is checked against the database's own list, the
-- one AT TIME ZONE will use, on PGlite as on PostgreSQL.
CREATE OR REPLACE FUNCTION journal_private.check_reminder_settings() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  max_times CONSTANT integer := 6;
  wall_clock CONSTANT text := '^([01][0-9]|2[0-3]):[0-5][0-9]$';
  bad text;
BEGIN
  IF NEW.time_zone IS NULL THEN
    RAISE EXCEPTION 'A time zone is needed for reminders' USING ERRCODE = '22023';
  END IF;
  -- Checked when it is set: a zone that a later release of the zone database
  -- dropped must not stop the person from changing anything else, or the
  -- unsubscribe link from turning e-mail off.
  IF (TG_OP = 'INSERT' OR NEW.time_zone IS DISTINCT FROM OLD.time_zone)
     AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_timezone_names z WHERE z.name = NEW.time_zone) THEN
    RAISE EXCEPTION 'Unknown time zone: %', coalesce(NEW.time_zone, 'none')
      USING ERRCODE = '22023', HINT = 'Use an IANA time zone name such as Europe/Berlin.';
  END IF;

  IF cardinality(NEW.times) > max_times THEN
    RAISE EXCEPTION 'At most % reminder times a day', max_times
      USING ERRCODE = '22023', DETAIL = format('%s times were sent.', cardinality(NEW.times));
  END IF;
  SELECT t INTO bad FROM unnest(NEW.times) AS t WHERE t IS NULL OR t !~ wall_clock LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Reminder time % is not a time from 00:00 to 23:59 (HH:MM)', coalesce(bad, 'null')
      USING ERRCODE = '22023';
  END IF;
  IF cardinality(NEW.times) <> (SELECT count(DISTINCT t) FROM unnest(NEW.times) AS t) THEN
    RAISE EXCEPTION 'Each reminder time may be given once' USING ERRCODE = '22023';
  END IF;

  IF EXISTS (SELECT 1 FROM unnest(NEW.weekdays) AS d WHERE d IS NULL OR d NOT BETWEEN 1 AND 7)
     OR cardinality(NEW.weekdays) <> (SELECT count(DISTINCT d) FROM unnest(NEW.weekdays) AS d) THEN
    RAISE EXCEPTION 'Weekdays must be distinct numbers from 1 (Monday) to 7 (Sunday)'
      USING ERRCODE = '22023';
  END IF;

  IF (NEW.random_from IS NULL) <> (NEW.random_until IS NULL) THEN
    RAISE EXCEPTION 'A random reminder needs both a start and an end time' USING ERRCODE = '22023';
  END IF;
  IF NEW.random_from IS NOT NULL THEN
    IF NEW.random_from !~ wall_clock OR NEW.random_until !~ wall_clock THEN
      RAISE EXCEPTION 'The random reminder''s times must be from 00:00 to 23:59 (HH:MM)'
        USING ERRCODE = '22023';
    END IF;
    IF NEW.random_from::time >= NEW.random_until::time THEN
      RAISE EXCEPTION 'The random reminder must start before it ends, within one day'
        USING ERRCODE = '22023';
    END IF;
  END IF;

  -- The weekly review reminder (migration 0028, docs/decisions/073).
  IF NEW.review_day IS NULL OR NEW.review_day NOT BETWEEN 1 AND 7 THEN
    RAISE EXCEPTION 'The review day must be a number from 1 (Monday) to 7 (Sunday)'
      USING ERRCODE = '22023';
  END IF;
  IF NEW.review_time IS NULL OR NEW.review_time !~ wall_clock THEN
    RAISE EXCEPTION 'The review time must be a time from 00:00 to 23:59 (HH:MM)'
      USING ERRCODE = '22023';
  END IF;

  -- On insert the column's default applies, or the value a restore brings
  -- back (clients may not set it: the column grants leave it out).
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.check_reminder_settings() FROM PUBLIC, anon, authenticated;
