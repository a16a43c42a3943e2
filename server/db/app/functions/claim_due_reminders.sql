-- Claims the e-mail reminders due at `at` (due_reminders) for the caller, the
-- server's scheduler, and answers those it is to send with the address to
-- send them to. The claim is a row keyed by person, local date and slot:
-- when several replicas look at the same minute, PostgreSQL lets one insert
-- each key and the others' ON CONFLICT DO NOTHING see it, so each reminder is
-- claimed once (docs/decisions/036-reminders.md). Skipped reminders are
-- claimed too, so that one logged entry decides a slot once. Claims older
-- than two days are of no further use and are swept here.
CREATE OR REPLACE FUNCTION journal_private.claim_due_reminders(at timestamptz)
RETURNS TABLE (user_id uuid, email text, local_date date, slot text, due_at timestamptz)
LANGUAGE plpgsql SET search_path = '' AS $$
#variable_conflict use_column
BEGIN
  DELETE FROM journal_private.reminder_sends s WHERE s.due_at < at - interval '2 days';
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO journal_private.reminder_sends (user_id, local_date, slot, due_at, outcome)
    SELECT d.user_id, d.local_date, d.slot, d.due_at,
           CASE WHEN d.skip THEN 'skipped' ELSE 'sending' END
    FROM journal_private.due_reminders(at) AS d
    -- Due reminders include people with only notifications on (claimed
    -- per browser by claim_due_push_reminders).
    JOIN public.reminder_settings s ON s.user_id = d.user_id AND s.email
    -- The weekly review is a kind of its own (claim_due_weekly_review_*).
    WHERE d.slot <> 'weekly-review'
    ON CONFLICT DO NOTHING
    RETURNING reminder_sends.user_id, reminder_sends.local_date, reminder_sends.slot,
              reminder_sends.due_at, reminder_sends.outcome
  )
  SELECT c.user_id, u.email::text, c.local_date, c.slot, c.due_at
  FROM claimed c JOIN auth.users u ON u.id = c.user_id
  WHERE c.outcome = 'sending' AND coalesce(u.email, '') <> ''
  ORDER BY c.due_at, c.user_id;
END
$$;

REVOKE ALL ON FUNCTION journal_private.claim_due_reminders(timestamptz) FROM PUBLIC, anon, authenticated;
