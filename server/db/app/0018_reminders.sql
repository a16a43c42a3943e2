-- Reminders (docs/decisions/036), e-mail first: each person's reminder settings, and
-- the bookkeeping the server's scheduler needs to send each reminder once
-- (docs/decisions/036-reminders.md). Portable: applies unchanged to a hosted
-- Supabase project, where nothing sends the reminders but the web app may
-- still keep the settings.

-- One row a person. Times are local wall-clock times 'HH:MM' in time_zone
-- (the browser's IANA zone), on the ISO weekdays listed (1 = Monday).
-- random_from/random_until, when set, add one reminder a day at a minute in
-- between, the same minute on every replica (see due_reminders).
CREATE TABLE public.reminder_settings (
  user_id uuid PRIMARY KEY DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  times text[] NOT NULL DEFAULT '{}',
  weekdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5,6,7}',
  random_from text,
  random_until text,
  time_zone text NOT NULL,
  email boolean NOT NULL DEFAULT false,
  skip_if_logged_last_hour boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE public.reminder_settings ENABLE ROW LEVEL SECURITY;
CREATE POLICY reminder_settings_select_own ON public.reminder_settings
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY reminder_settings_insert_own ON public.reminder_settings
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY reminder_settings_update_own ON public.reminder_settings
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY reminder_settings_delete_own ON public.reminder_settings
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));

-- Hosted Supabase grants everything in public to anon and authenticated by
-- default; take that back and grant only what the settings screen needs.
-- updated_at is the trigger's to set.
REVOKE ALL ON public.reminder_settings FROM anon, authenticated;
GRANT SELECT, DELETE ON public.reminder_settings TO authenticated;
GRANT INSERT (user_id, times, weekdays, random_from, random_until, time_zone, email,
              skip_if_logged_last_hour) ON public.reminder_settings TO authenticated;
GRANT UPDATE (times, weekdays, random_from, random_until, time_zone, email,
              skip_if_logged_last_hour) ON public.reminder_settings TO authenticated;

-- Bad settings are refused with a message that says what is wrong (400
-- through the data API). The function file gives the check its body (ADR 031).
CREATE FUNCTION journal_private.check_reminder_settings() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NEW; END $$;
REVOKE ALL ON FUNCTION journal_private.check_reminder_settings() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER reminder_settings_check
  BEFORE INSERT OR UPDATE ON public.reminder_settings
  FOR EACH ROW EXECUTE FUNCTION journal_private.check_reminder_settings();

-- One row a reminder that was due: the claim that makes it sent once, however
-- many replicas look at the same minute (the primary key), and whether it was
-- sent or skipped. Never exposed to the data API; rows older than two days
-- are swept by the scheduler.
CREATE TABLE journal_private.reminder_sends (
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  local_date date NOT NULL,
  slot text NOT NULL,
  due_at timestamptz NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('sending', 'sent', 'skipped')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, local_date, slot)
);
CREATE INDEX reminder_sends_due_at ON journal_private.reminder_sends (due_at);
REVOKE ALL ON journal_private.reminder_sends FROM PUBLIC, anon, authenticated;
