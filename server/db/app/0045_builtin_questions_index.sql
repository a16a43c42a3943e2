-- The built-in questions alone, found without reading anyone's own
-- questions (docs/decisions/108): every save, edit and import derives its
-- entries from them (entry_questions, its file), and public.questions also
-- holds every person's own questions (migration 0036), so a read of the
-- whole table grew with the number of people. Own questions always have an
-- owner (check_own_question puts them on their page), so these rows are
-- exactly the questions of the pages 'good_time_journal' and
-- 'entry_context'. Portable: applies unchanged to a hosted Supabase project.
CREATE INDEX questions_builtin_page_idx ON public.questions (page_id) WHERE owner_id IS NULL;
