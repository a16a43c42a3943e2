-- Claims the weekly review reminders due at `at` (the 'weekly-review' slot
-- of due_reminders, docs/decisions/073) for e-mail, as claim_due_reminders
-- claims the check-ins: one row of journal_private.reminder_sends a person
-- and local date, so that each goes out once however many replicas look at
-- the same minute. Answers those this replica is to send with the address
-- and the week's top energizer so far (week_top_energizer; null when there
-- is none yet).
CREATE OR REPLACE FUNCTION journal_private.claim_due_weekly_review_emails(at timestamptz)
RETURNS TABLE (user_id uuid, email text, local_date date, slot text,
               top_activity text, top_energy integer)
LANGUAGE plpgsql SET search_path = '' AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO journal_private.reminder_sends (user_id, local_date, slot, due_at, outcome)
    SELECT d.user_id, d.local_date, d.slot, d.due_at, 'sending'
    FROM journal_private.due_reminders(at) AS d
    JOIN public.reminder_settings s ON s.user_id = d.user_id AND s.email
    WHERE d.slot = 'weekly-review'
    ON CONFLICT DO NOTHING
    RETURNING reminder_sends.user_id, reminder_sends.local_date, reminder_sends.slot
  )
  SELECT c.user_id, u.email::text, c.local_date, c.slot, top.activity, top.avg_energy
  FROM claimed c
  JOIN auth.users u ON u.id = c.user_id
  JOIN public.reminder_settings s ON s.user_id = c.user_id
  LEFT JOIN LATERAL journal_private.week_top_energizer(c.user_id, s.time_zone, at) top ON true
  WHERE coalesce(u.email, '') <> ''
  ORDER BY c.user_id;
END
$$;

REVOKE ALL ON FUNCTION journal_private.claim_due_weekly_review_emails(timestamptz) FROM PUBLIC, anon, authenticated;
