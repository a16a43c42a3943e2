-- The ids of the questions whose answers make an entry (derive_entry), by
-- the field each one fills: the journal's questions on either page, and the
-- tags on 'entry_context' (docs/decisions/038). An array each, so that a
-- question text on both pages counts as it always did. `builtin` holds
-- every question of both pages: an answer to any other question is to an
-- own question (docs/decisions/084).
--
-- A function of its own so that derive_entry reads the answers from one
-- table: its plans can then be kept for the connection without one of them
-- starting from the questions (docs/decisions/048, 076).
--
-- Only the built-in questions are read, through the index that holds them
-- alone (migration 0045, docs/decisions/108): public.questions also holds
-- everyone's own questions, always with an owner, and a read of the whole
-- table made every save cost more with every person's questions. Sequential
-- scans are off so that a plan kept from a new installation's tiny tables
-- still reads only those rows once people have added theirs.
CREATE OR REPLACE FUNCTION journal_private.entry_questions(
  OUT activity bigint[], OUT energy bigint[], OUT engagement bigint[],
  OUT flow bigint[], OUT notes bigint[], OUT tags bigint[], OUT builtin bigint[])
LANGUAGE plpgsql STABLE SET search_path = '' SET enable_seqscan = off AS $$
BEGIN
  SELECT coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Activity Description'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Energy Level'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Engagement Level'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Flow State'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Activity Notes'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Tags' AND p.name = 'entry_context'), '{}'),
         coalesce(array_agg(q.id), '{}')
  INTO activity, energy, engagement, flow, notes, tags, builtin
  FROM public.pages p
  JOIN public.questions q ON q.page_id = p.id AND q.owner_id IS NULL
  WHERE p.name IN ('good_time_journal', 'entry_context');
END
$$;

REVOKE ALL ON FUNCTION journal_private.entry_questions() FROM PUBLIC, anon, authenticated;
