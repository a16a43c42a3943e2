-- The instant at which a wall-clock time of a day happens in a time zone, as
-- a person living there means it (docs/decisions/036-reminders.md):
-- - a time that happens once is that instant: 08:00 stays 08:00 local
--   across daylight-saving changes;
-- - a time that happens twice (fall back) is the first of the two, so that a
--   reminder is sent once and as early as it reads;
-- - a time that does not happen (spring forward) is the next minute that
--   does: 02:30 on the day New York skips from 02:00 to 03:00 is 03:00.
-- PostgreSQL's own AT TIME ZONE picks the later reading of a repeated time
-- and shifts a skipped one by the whole gap, hence the two corrections.
CREATE OR REPLACE FUNCTION journal_private.reminder_instant(wall timestamp, zone text)
RETURNS timestamptz
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT coalesce(
    -- Daylight-saving shifts in the zone database are 30 minutes, an hour,
    -- or two hours (Antarctica/Troll).
    (SELECT min(candidate)
     FROM (VALUES (wall AT TIME ZONE zone),
                  ((wall AT TIME ZONE zone) - interval '30 minutes'),
                  ((wall AT TIME ZONE zone) - interval '1 hour'),
                  ((wall AT TIME ZONE zone) - interval '2 hours')) AS c (candidate)
     WHERE (candidate AT TIME ZONE zone) = wall),
    (SELECT minute AT TIME ZONE zone
     FROM generate_series(wall + interval '1 minute', wall + interval '1 day', interval '1 minute')
       AS m (minute)
     WHERE ((minute AT TIME ZONE zone) AT TIME ZONE zone) = minute
     ORDER BY minute
     LIMIT 1)
  )
$$;

REVOKE ALL ON FUNCTION journal_private.reminder_instant(timestamp, text) FROM PUBLIC, anon, authenticated;
