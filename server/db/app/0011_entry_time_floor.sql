-- An entry dated 4713 BC made all-time Insights build hundreds of thousands
-- of weekly trend buckets and hold the server; '-infinity' broke Insights
-- with "integer out of range". An entry's time is now refused before
-- 1900-01-01 UTC, and infinite times are refused, on every write path (a save,
-- update_entry, import_entries all insert user_answers): 400 23514 for the
-- client. The floor also bounds the all-time trend to about 6,500 weeks.
--
-- Existing rows: NOT VALID checks every new or changed row but leaves rows
-- already stored as they are, so an upgrade neither refuses to start nor
-- moves or deletes anyone's entries (nothing is lost; such a row can still be
-- edited to a valid time or deleted by its owner).
ALTER TABLE public.user_answers
  ADD CONSTRAINT user_answers_created_at_from_1900
  CHECK (isfinite(created_at) AND created_at >= timestamptz '1900-01-01 00:00:00+00') NOT VALID;
