-- The reminders due at an instant (docs/decisions/036-reminders.md): every
-- slot of every person with e-mail or push reminders on (043) whose local time, in
-- their own zone, fell in the last 15 minutes up to `at`. Older slots are
-- never due again, so a server that was down sends nothing more than 15
-- minutes late and no burst when it comes back. A slot is named by its local
-- date and wall-clock time ('08:00', or 'random' for the day's random one),
-- which is what the claim in claim_due_reminders keeps unique. `skip` is
-- true when the person asked to skip reminders after logging an entry, and
-- did so in the hour before `at`.
--
-- The weekly review reminder (docs/decisions/073) is one more slot,
-- 'weekly-review', due on the person's review day at their review time,
-- whatever weekdays the check-ins use, and never skipped: its claims are
-- made by claim_due_weekly_review_emails and claim_due_weekly_review_pushes,
-- the check-ins' claims leave it out.
CREATE OR REPLACE FUNCTION journal_private.due_reminders(at timestamptz)
RETURNS TABLE (user_id uuid, local_date date, slot text, due_at timestamptz, skip boolean)
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
#variable_conflict use_column
DECLARE
  latest_late CONSTANT interval := interval '15 minutes';
  logged_within CONSTANT interval := interval '1 hour';
  largest_shift CONSTANT interval := interval '2 hours';
  -- A zone the database no longer knows (its zone data updated) would stop
  -- everyone's reminders with an error; that person's wait instead. Reading
  -- the list of zones costs about 100 ms, so it is read only when a cheap
  -- pass over the zones in use finds one that does not work.
  check_zones boolean := false;
BEGIN
  BEGIN
    PERFORM 1 FROM public.reminder_settings s
    WHERE (s.email OR s.push) AND (at AT TIME ZONE s.time_zone) IS NULL;
  EXCEPTION WHEN invalid_parameter_value THEN
    check_zones := true;
  END;

  RETURN QUERY
  WITH settings AS MATERIALIZED (
    SELECT s.* FROM public.reminder_settings s
    WHERE (s.email OR s.push)
      AND (NOT check_zones OR s.time_zone IN (SELECT z.name FROM pg_catalog.pg_timezone_names z))
  ),
  days AS (
    -- Yesterday too: a slot just before midnight is still due just after it.
    SELECT s.user_id, s.times, s.random_from, s.random_until, s.time_zone,
           s.skip_if_logged_last_hour, d.local_date,
           extract(isodow FROM d.local_date)::smallint = ANY (s.weekdays) AS check_in_day,
           s.weekly_review AND extract(isodow FROM d.local_date)::smallint = s.review_day
             AS is_review_day, s.review_time
    FROM settings s
    CROSS JOIN LATERAL (VALUES ((at AT TIME ZONE s.time_zone)::date),
                               ((at AT TIME ZONE s.time_zone)::date - 1)) AS d (local_date)
  ),
  slots AS (
    SELECT days.*, t AS slot, t::time AS wall_time
    FROM days CROSS JOIN LATERAL unnest(days.times) AS t
    WHERE days.check_in_day
    UNION ALL
    SELECT days.*, 'weekly-review', days.review_time::time
    FROM days WHERE days.is_review_day
    UNION ALL
    -- The random minute comes from the person and the day, so that every
    -- replica, and every minute's look, finds the same one.
    SELECT days.*, 'random', days.random_from::time + make_interval(mins => (
             ('x' || left(md5(days.user_id::text || days.local_date::text), 8))::bit(32)::bigint
             % (extract(epoch FROM days.random_until::time - days.random_from::time)::bigint / 60)
           )::integer)
    FROM days WHERE days.check_in_day AND days.random_from IS NOT NULL
  ),
  timed AS (
    SELECT slots.*,
           journal_private.reminder_instant(slots.local_date + slots.wall_time, slots.time_zone)
             AS due_at
    FROM slots
    -- PostgreSQL's own reading of a wall time is the instant we mean or up
    -- to one daylight-saving shift (at most 2 hours, Antarctica/Troll) after
    -- it, never before: the exact instant is worked out only for slots whose
    -- own reading falls that close to the window.
    WHERE (slots.local_date + slots.wall_time) AT TIME ZONE slots.time_zone
          BETWEEN at - latest_late AND at + largest_shift
  )
  SELECT timed.user_id, timed.local_date, timed.slot, timed.due_at,
         timed.slot <> 'weekly-review' AND timed.skip_if_logged_last_hour AND EXISTS (
           SELECT 1 FROM public.activity_entries e
           WHERE e.user_id = timed.user_id
             AND e.created_at > at - logged_within AND e.created_at <= at)
  FROM timed
  WHERE timed.due_at <= at AND timed.due_at >= at - latest_late;
END
$$;

REVOKE ALL ON FUNCTION journal_private.due_reminders(timestamptz) FROM PUBLIC, anon, authenticated;
