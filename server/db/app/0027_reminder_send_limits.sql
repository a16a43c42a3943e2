-- Bounds on what one person can make the server send (docs/decisions/070):
-- "Send a test reminder" is limited per hour as well as per minute, and a
-- push subscription that keeps failing is dropped. Portable: applies
-- unchanged to a hosted Supabase project, where nothing sends reminders.

-- The hour's count of test reminders beside the minute's claim: the hour
-- starts with the first test in it, and the claim that sends a test counts
-- it in the same statement, whatever then arrives.
ALTER TABLE journal_private.reminder_tests
  ADD COLUMN hour_started_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN sent_this_hour integer NOT NULL DEFAULT 1;

-- Failed sends in a row to a subscription, and since when: a success clears
-- both. The server drops a subscription that has failed often enough for
-- long enough, so that a push service that is down for minutes drops nobody.
-- The server's to set: no grant to authenticated beyond the table's SELECT.
ALTER TABLE public.push_subscriptions
  ADD COLUMN failed_sends integer NOT NULL DEFAULT 0,
  ADD COLUMN failing_since timestamptz;
