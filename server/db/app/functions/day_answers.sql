-- The day's answer to each of the caller's once-a-day questions
-- (docs/decisions/084): for every local day from `since` up to `until` and
-- every own question asked once a day, the latest answer given that day,
-- with the time of the entry that holds it. Track reads today's to ask a
-- question only until the day has an answer; Look Back reads those of the
-- days it shows. A day is the person's own: an entry belongs to the date
-- its time has in time_zone, so an answer given at 00:30 in Kiritimati is
-- that day's even though it is still the day before in UTC.
--   since, until: instants, the range [since, until); at most 400 days, so
--                 one call never reads a whole journal.
--   time_zone:    the person's IANA zone, checked by
--                 journal_private.require_time_zone.
-- Runs as the caller: row-level security limits it to their own entries and
-- questions (and to a session that passed two-step sign-in, ADR 032). The
-- answers are the typed row's (activity_entries.answers), as checked and
-- tidied by own_answers; a hidden question's answers stay answers.
CREATE OR REPLACE FUNCTION public.day_answers(since timestamptz, until timestamptz, time_zone text)
RETURNS TABLE (day date, question_id bigint, answer text, created_at timestamptz)
LANGUAGE plpgsql STABLE SECURITY INVOKER SET search_path = '' AS $$
BEGIN
  IF since IS NULL OR until IS NULL OR until < since THEN
    RAISE EXCEPTION 'since and until are required, since not after until'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF until - since > interval '400 days' THEN
    RAISE EXCEPTION 'since and until may be at most 400 days apart'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  PERFORM journal_private.require_time_zone(time_zone);

  -- The entries of the range are a range of the primary key (user_id,
  -- created_at); of each day and question the newest answer wins.
  RETURN QUERY
    SELECT DISTINCT ON (1, 2)
           (e.created_at AT TIME ZONE time_zone)::date,
           given.key::bigint,
           given.value,
           e.created_at
    FROM public.activity_entries e
    CROSS JOIN LATERAL jsonb_each_text(e.answers) AS given
    JOIN public.questions q ON q.id = given.key::bigint
    WHERE e.user_id = (SELECT auth.uid())
      AND e.created_at >= since
      AND e.created_at < until
      AND e.answers <> '{}'
      AND q.asked = 'day'
    ORDER BY 1, 2, e.created_at DESC;
END;
$$;

REVOKE ALL ON FUNCTION public.day_answers(timestamptz, timestamptz, text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.day_answers(timestamptz, timestamptz, text) TO authenticated;
