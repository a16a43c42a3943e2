-- An entry dated 4713 BC made all-time Insights build hundreds of thousands
-- of weekly trend buckets and hold the server; '-infinity' broke Insights
-- with "integer out of range". An entry's time is now refused before
-- 1900-01-01 UTC, and infinite times are refused, on every write path (a save,
-- update_entry, import_entries all insert user_answers): 400 23514 for the
-- client. The floor also bounds the all-time trend to about 6,500 weeks.
--
-- Existing rows: a plain ADD CONSTRAINT checks every row, and NOT VALID would
-- leave such rows in place to break Insights, so neither is used alone. A
-- database holding such rows stops here with a message naming how many,
-- rather than having entries silently moved or deleted; the owner decides.
DO $$
DECLARE
  bad bigint;
BEGIN
  SELECT count(*) INTO bad FROM public.user_answers
  WHERE NOT (isfinite(created_at) AND created_at >= timestamptz '1900-01-01 00:00:00+00');
  IF bad > 0 THEN
    RAISE EXCEPTION '% answer rows are dated before 1900-01-01 UTC or at an infinite time', bad
      USING HINT = 'Correct or delete them (public.user_answers.created_at), then run this migration again.';
  END IF;
END
$$;

ALTER TABLE public.user_answers
  ADD CONSTRAINT user_answers_created_at_from_1900
  CHECK (isfinite(created_at) AND created_at >= timestamptz '1900-01-01 00:00:00+00');
