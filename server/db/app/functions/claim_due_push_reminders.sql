-- Claims the reminders due at `at` (due_reminders) for every push
-- subscription of every person with notifications on, and answers those this
-- replica is to send with what sending needs. One claim a subscription and
-- slot, with ON CONFLICT DO NOTHING as for e-mail (claim_due_reminders), so
-- each browser gets each reminder once however many replicas look at the
-- same minute (docs/decisions/043-web-push.md). Skipped reminders are claimed
-- too. Claims older than two days are swept here.
CREATE OR REPLACE FUNCTION journal_private.claim_due_push_reminders(at timestamptz)
RETURNS TABLE (subscription_id uuid, user_id uuid, endpoint text, p256dh text, auth text,
               local_date date, slot text, due_at timestamptz)
LANGUAGE plpgsql SET search_path = '' AS $$
#variable_conflict use_column
BEGIN
  DELETE FROM journal_private.push_sends s WHERE s.due_at < at - interval '2 days';
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO journal_private.push_sends (subscription_id, local_date, slot, due_at, outcome)
    SELECT p.id, d.local_date, d.slot, d.due_at,
           CASE WHEN d.skip THEN 'skipped' ELSE 'sending' END
    FROM journal_private.due_reminders(at) AS d
    JOIN public.reminder_settings s ON s.user_id = d.user_id AND s.push
    JOIN public.push_subscriptions p ON p.user_id = d.user_id
    -- The weekly review is a kind of its own (claim_due_weekly_review_*).
    WHERE d.slot <> 'weekly-review'
    ON CONFLICT DO NOTHING
    RETURNING push_sends.subscription_id, push_sends.local_date, push_sends.slot,
              push_sends.due_at, push_sends.outcome
  )
  SELECT c.subscription_id, p.user_id, p.endpoint, p.p256dh, p.auth, c.local_date, c.slot, c.due_at
  FROM claimed c JOIN public.push_subscriptions p ON p.id = c.subscription_id
  WHERE c.outcome = 'sending'
  ORDER BY c.due_at, p.user_id, p.id;
END
$$;

REVOKE ALL ON FUNCTION journal_private.claim_due_push_reminders(timestamptz) FROM PUBLIC, anon, authenticated;
