-- An entry's texts are bounded where they are stored (docs/decisions/058), at
-- the lengths the app's forms allow: an activity name of at most 500
-- characters, notes of at most 2000. What a request may search is the text a
-- person stored, so its cost per entry must have a ceiling the database keeps,
-- whatever client wrote the entry. NOT VALID: entries stored before this
-- migration keep their text (an export still gives it back whole); the bound
-- applies to every entry written or changed from now on.
ALTER TABLE public.activity_entries
  ADD CONSTRAINT activity_at_most_500_characters CHECK (char_length(activity) <= 500) NOT VALID;
ALTER TABLE public.activity_entries
  ADD CONSTRAINT notes_at_most_2000_characters CHECK (char_length(notes) <= 2000) NOT VALID;
