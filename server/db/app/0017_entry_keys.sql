-- Exactly once (docs/decisions/035-exactly-once-entries.md): each
-- entry carries a key its device makes when the person logs it, on every
-- answer row of the entry. Sending the same entry again, after an answer lost
-- on the way back, a closed tab, two tabs or a crash, conflicts with the
-- answers already stored, and an upsert with ON CONFLICT ... DO NOTHING
-- (PostgREST's `on_conflict` with `Prefer: resolution=ignore-duplicates`)
-- stores nothing the second time.
--
-- Nullable: answers saved before this migration, imports, and clients that
-- send the spec's plain insert (docs/product.md 7, call 3) have no key, and
-- NULL keys never conflict with each other. Adding a nullable column without
-- a default rewrites no row.
ALTER TABLE public.user_answers ADD COLUMN entry_key uuid;

-- One answer per question per keyed entry of a person. The person comes
-- first: a key is the device's, so another person's identical key is a
-- different entry, and the index also finds an entry by its key (the entry
-- time trigger, place_answer_in_time, reads it so).
CREATE UNIQUE INDEX user_answers_user_entry_key_question_idx
  ON public.user_answers (user_id, entry_key, question_id);

-- The owner names the key of what they insert. Nothing grants UPDATE on
-- user_answers, so `resolution=merge-duplicates` (ON CONFLICT DO UPDATE)
-- stays refused: a stored answer changes only through update_entry.
GRANT INSERT (entry_key) ON public.user_answers TO authenticated;
