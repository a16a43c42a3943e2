-- Reminders by Web Push (docs/decisions/043-web-push.md): the
-- browsers' push subscriptions of each person, a "push" channel switch in the
-- reminder settings, and the claims that send each reminder once to each
-- subscription. Portable: applies unchanged to a hosted Supabase project,
-- where nothing sends reminders but the web app may still keep the rows.

-- Notifications on this device, beside the e-mail switch.
ALTER TABLE public.reminder_settings ADD COLUMN push boolean NOT NULL DEFAULT false;
GRANT INSERT (push), UPDATE (push) ON public.reminder_settings TO authenticated;

-- One row a browser a person subscribed, as PushSubscription.toJSON() gives
-- it: the push service's URL our server POSTs to, the browser's P-256 public
-- key (p256dh) and auth secret that encrypt the message (RFC 8291). The label
-- is what the person sees in the list of devices. These belong to a browser,
-- not to the journal: neither backed up nor exported.
CREATE TABLE public.push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_success_at timestamptz,
  -- A browser subscribed twice by one person is one device. Also the index
  -- that finds a person's subscriptions.
  UNIQUE (user_id, endpoint)
);

ALTER TABLE public.push_subscriptions ENABLE ROW LEVEL SECURITY;
CREATE POLICY push_subscriptions_select_own ON public.push_subscriptions
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY push_subscriptions_insert_own ON public.push_subscriptions
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY push_subscriptions_delete_own ON public.push_subscriptions
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));

-- Hosted Supabase grants everything in public to anon and authenticated by
-- default; take that back. No UPDATE: a new subscription replaces the old
-- one (delete, insert); last_success_at is the server's to set.
REVOKE ALL ON public.push_subscriptions FROM anon, authenticated;
GRANT SELECT, DELETE ON public.push_subscriptions TO authenticated;
GRANT INSERT (user_id, endpoint, p256dh, auth, user_agent) ON public.push_subscriptions
  TO authenticated;

-- A malformed subscription is refused with a message that says what is wrong
-- (400 through the data API). The function file gives the check its body (ADR 031).
CREATE FUNCTION journal_private.check_push_subscription() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NEW; END $$;
REVOKE ALL ON FUNCTION journal_private.check_push_subscription() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER push_subscriptions_check
  BEFORE INSERT OR UPDATE ON public.push_subscriptions
  FOR EACH ROW EXECUTE FUNCTION journal_private.check_push_subscription();

-- One row a reminder a subscription was due: the claim that sends it once to
-- that browser, however many replicas look at the same minute (the primary
-- key), as journal_private.reminder_sends does for e-mail. Swept after two days.
CREATE TABLE journal_private.push_sends (
  subscription_id uuid NOT NULL REFERENCES public.push_subscriptions (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  slot text NOT NULL,
  due_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sending', 'sent', 'skipped')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, local_date, slot)
);
CREATE INDEX push_sends_due_at ON journal_private.push_sends (due_at);
REVOKE ALL ON journal_private.push_sends FROM PUBLIC, anon, authenticated;
