-- Tags and search (docs/decisions/038-tags-stored-as-an-answer.md).
--
-- An entry's tags are one more answer of the entry: the answer to the
-- question 'Tags' of the page 'entry_context', a JSON array of texts
-- (["outside","with Sam"]), saved in the same upsert as the entry's other
-- answers, with the same created_at and entry_key. The page of its own keeps
-- the spec's five questions of 'good_time_journal' and its four data calls
-- exactly as they were; an entry without tags has no such answer.
--
-- The typed row of an entry (activity_entries, docs/decisions/013) gains the
-- tags as the person wrote them, their grouping keys, and a search vector of
-- the activity, the notes and the tags. rederive_entries (its file) derives
-- them and refuses tags that break the rules (entry_tags, its file).

INSERT INTO public.pages (name) VALUES ('entry_context') ON CONFLICT (name) DO NOTHING;

INSERT INTO public.questions (question, page_id, active)
SELECT 'Tags', p.id, true
FROM public.pages p
WHERE p.name = 'entry_context'
  AND NOT EXISTS (
    SELECT 1 FROM public.questions existing
    WHERE existing.page_id = p.id AND existing.question = 'Tags'
  );

-- Constant defaults: adding the columns rewrites no row.
ALTER TABLE public.activity_entries
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN tag_keys text[] NOT NULL DEFAULT '{}',
  ADD COLUMN search tsvector NOT NULL DEFAULT ''::tsvector;

-- Entries saved before this migration have no tags; their search vector is
-- what rederive_entries makes for an entry without tags. The text bounds of
-- migration 0015 are NOT VALID (older entries may be longer) and an UPDATE
-- would check them, so they step aside for this one statement.
ALTER TABLE public.activity_entries DROP CONSTRAINT activity_at_most_500_characters;
ALTER TABLE public.activity_entries DROP CONSTRAINT notes_at_most_2000_characters;
UPDATE public.activity_entries
SET search = to_tsvector('simple'::regconfig, concat_ws(' ', activity, notes, ''));
ALTER TABLE public.activity_entries
  ADD CONSTRAINT activity_at_most_500_characters CHECK (char_length(activity) <= 500) NOT VALID;
ALTER TABLE public.activity_entries
  ADD CONSTRAINT notes_at_most_2000_characters CHECK (char_length(notes) <= 2000) NOT VALID;

-- The database keeps the bound on the count whatever writes the row
-- (entry_tags also checks each tag, with a clearer message).
ALTER TABLE public.activity_entries
  ADD CONSTRAINT at_most_10_tags CHECK (cardinality(tags) <= 10 AND cardinality(tag_keys) <= 10);

-- Look Back filtered by one tag (tag_keys @> '{key}') and searched
-- (search @@ tsquery). fastupdate off: a GIN index's pending list is merged
-- only by VACUUM or when it fills, and autovacuum may be off (it is in our
-- PostgreSQL tests), so every query would also scan an ever longer list.
-- Entries are written one save at a time, so the slower insert is no cost.
CREATE INDEX activity_entries_tag_keys_idx
  ON public.activity_entries USING gin (tag_keys) WITH (fastupdate = off);
CREATE INDEX activity_entries_search_idx
  ON public.activity_entries USING gin (search) WITH (fastupdate = off);

-- The history view the app reads (docs/decisions/006) gains the three
-- columns at its end (CREATE OR REPLACE VIEW may only append).
CREATE OR REPLACE VIEW public.activities WITH (security_invoker = true) AS
SELECT user_id, created_at, activity, energy, engagement, flow_state, notes, activity_key,
       tags, tag_keys, search
FROM public.activity_entries;

REVOKE ALL ON public.activities FROM anon, authenticated;
GRANT SELECT ON public.activities TO authenticated;

-- update_entry gains the entry's tags (its file makes the new signature).
DROP FUNCTION public.update_entry(timestamptz, text, integer, integer, boolean, text, timestamptz);
