-- The ids of the questions whose answers make an entry (derive_entry), by
-- the field each one fills: the journal's questions on either page, and the
-- tags on 'entry_context' (docs/decisions/038). An array each, so that a
-- question text on both pages counts as it always did. `builtin` holds
-- every question of both pages: an answer to any other question is to an
-- own question (docs/decisions/084).
--
-- A function of its own so that derive_entry reads the answers from one
-- table: its plans can then be kept for the connection without one of them
-- starting from the questions (docs/decisions/048, 076). Questions and pages
-- are small and fixed, so any plan kept for this one reads them well.
CREATE OR REPLACE FUNCTION journal_private.entry_questions(
  OUT activity bigint[], OUT energy bigint[], OUT engagement bigint[],
  OUT flow bigint[], OUT notes bigint[], OUT tags bigint[], OUT builtin bigint[])
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
BEGIN
  SELECT coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Activity Description'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Energy Level'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Engagement Level'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Flow State'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Activity Notes'), '{}'),
         coalesce(array_agg(q.id) FILTER (WHERE q.question = 'Tags' AND p.name = 'entry_context'), '{}'),
         coalesce(array_agg(q.id), '{}')
  INTO activity, energy, engagement, flow, notes, tags, builtin
  FROM public.questions q
  JOIN public.pages p ON p.id = q.page_id AND p.name IN ('good_time_journal', 'entry_context');
END
$$;

REVOKE ALL ON FUNCTION journal_private.entry_questions() FROM PUBLIC, anon, authenticated;
