-- Claims the weekly review reminders due at `at` (the 'weekly-review' slot
-- of due_reminders, docs/decisions/073) for every push subscription of every
-- person with notifications on, as claim_due_push_reminders claims the
-- check-ins: one row of journal_private.push_sends a subscription and local
-- date, so each browser gets it once across replicas. Answers those this
-- replica is to send with the week's top energizer so far
-- (week_top_energizer; null when there is none yet).
CREATE OR REPLACE FUNCTION journal_private.claim_due_weekly_review_pushes(at timestamptz)
RETURNS TABLE (subscription_id uuid, user_id uuid, endpoint text, p256dh text, auth text,
               local_date date, slot text, top_activity text, top_energy integer)
LANGUAGE plpgsql SET search_path = '' AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH claimed AS (
    INSERT INTO journal_private.push_sends (subscription_id, local_date, slot, due_at, outcome)
    SELECT p.id, d.local_date, d.slot, d.due_at, 'sending'
    FROM journal_private.due_reminders(at) AS d
    JOIN public.reminder_settings s ON s.user_id = d.user_id AND s.push
    JOIN public.push_subscriptions p ON p.user_id = d.user_id
    WHERE d.slot = 'weekly-review'
    ON CONFLICT DO NOTHING
    RETURNING push_sends.subscription_id, push_sends.local_date, push_sends.slot
  )
  SELECT c.subscription_id, p.user_id, p.endpoint, p.p256dh, p.auth, c.local_date, c.slot,
         top.activity, top.avg_energy
  FROM claimed c
  JOIN public.push_subscriptions p ON p.id = c.subscription_id
  JOIN public.reminder_settings s ON s.user_id = p.user_id
  LEFT JOIN LATERAL journal_private.week_top_energizer(p.user_id, s.time_zone, at) top ON true
  ORDER BY p.user_id, p.id;
END
$$;

REVOKE ALL ON FUNCTION journal_private.claim_due_weekly_review_pushes(timestamptz) FROM PUBLIC, anon, authenticated;
