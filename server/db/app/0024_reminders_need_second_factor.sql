-- A person who turned on two-step sign-in reads and changes their reminder
-- settings and their devices (with the names the browser gave them) only
-- from a session that used it, as their journal (migration 0016, ADR 032):
-- a stolen password gives an aal1 session, and these restrictive policies
-- leave it nothing to read or write here either.
CREATE POLICY reminder_settings_second_factor ON public.reminder_settings AS RESTRICTIVE
  FOR ALL TO authenticated
  USING ((SELECT journal_private.second_factor_satisfied()))
  WITH CHECK ((SELECT journal_private.second_factor_satisfied()));
CREATE POLICY push_subscriptions_second_factor ON public.push_subscriptions AS RESTRICTIVE
  FOR ALL TO authenticated
  USING ((SELECT journal_private.second_factor_satisfied()))
  WITH CHECK ((SELECT journal_private.second_factor_satisfied()));
