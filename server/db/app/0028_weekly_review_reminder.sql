-- The weekly review reminder (docs/decisions/073): on one day of the week,
-- at one local time, in the zone of the person's other reminders, sent on
-- the channels they have on (e-mail, notifications). Off until turned on;
-- Sunday at 18:00 is offered first. The day is an ISO weekday (1 = Monday),
-- the time a wall-clock 'HH:MM' like the reminder times;
-- functions/check_reminder_settings.sql refuses anything else with a message.
-- Constant defaults: adding the columns rewrites no row.
ALTER TABLE public.reminder_settings
  ADD COLUMN weekly_review boolean NOT NULL DEFAULT false,
  ADD COLUMN review_day smallint NOT NULL DEFAULT 7,
  ADD COLUMN review_time text NOT NULL DEFAULT '18:00';

GRANT INSERT (weekly_review, review_day, review_time),
      UPDATE (weekly_review, review_day, review_time)
  ON public.reminder_settings TO authenticated;
