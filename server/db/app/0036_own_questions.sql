-- A person's own questions (docs/decisions/084-own-questions-in-the-spec-model.md):
-- rows of public.questions on the page 'own_questions', each owned by one
-- person, answered in user_answers beside the journal's answers of an
-- entry (same created_at, same entry_key, same upsert). The spec's page
-- 'good_time_journal', its five questions and its four data calls stay as
-- they were. Portable: applies unchanged to a hosted Supabase project.

INSERT INTO public.pages (name) VALUES ('own_questions') ON CONFLICT (name) DO NOTHING;

-- NULL owner: a built-in question, read by everyone signed in. Constant or
-- NULL defaults: adding the columns rewrites no row.
ALTER TABLE public.questions
  ADD COLUMN owner_id uuid REFERENCES auth.users (id) ON DELETE CASCADE,
  ADD COLUMN answer_type text
    CHECK (answer_type IN ('yes_no', 'number', 'scale', 'text')),
  ADD COLUMN unit text,
  ADD COLUMN lowest numeric,
  ADD COLUMN highest numeric,
  ADD COLUMN label_1 text,
  ADD COLUMN label_5 text,
  ADD COLUMN asked text CHECK (asked IN ('entry', 'day')),
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT own_question_is_typed
    CHECK (owner_id IS NULL OR (answer_type IS NOT NULL AND asked IS NOT NULL));
ALTER TABLE public.questions ALTER COLUMN owner_id SET DEFAULT auth.uid();

-- A person's questions, in the order they were made; also the unique text
-- per person, ignoring case and surrounding whitespace (the trigger below
-- refuses a repeat with a readable message first; this holds under races).
CREATE UNIQUE INDEX questions_owner_text_idx
  ON public.questions (owner_id, lower(btrim(question))) WHERE owner_id IS NOT NULL;

-- Built-in questions are everyone's to read; an own question only its
-- owner's, to read, add and change. Nobody deletes a question: hiding it
-- (active = false) keeps its answers everywhere.
DROP POLICY questions_read ON public.questions;
CREATE POLICY questions_read_builtin_and_own ON public.questions
  FOR SELECT TO authenticated
  USING (owner_id IS NULL OR owner_id = (SELECT auth.uid()));
CREATE POLICY questions_insert_own ON public.questions
  FOR INSERT TO authenticated WITH CHECK (owner_id = (SELECT auth.uid()));
CREATE POLICY questions_update_own ON public.questions
  FOR UPDATE TO authenticated
  USING (owner_id = (SELECT auth.uid())) WITH CHECK (owner_id = (SELECT auth.uid()));
-- Own questions are journal: from a session that used two-step sign-in only
-- (ADR 032), as the answers are.
CREATE POLICY questions_own_second_factor ON public.questions AS RESTRICTIVE
  FOR ALL TO authenticated
  USING (owner_id IS NULL OR (SELECT journal_private.second_factor_satisfied()))
  WITH CHECK ((SELECT journal_private.second_factor_satisfied()));

REVOKE ALL ON public.questions FROM anon, authenticated;
GRANT SELECT ON public.questions TO authenticated;
GRANT INSERT (question, answer_type, unit, lowest, highest, label_1, label_5, asked, active)
  ON public.questions TO authenticated;
GRANT UPDATE (question, answer_type, unit, lowest, highest, label_1, label_5, asked, active)
  ON public.questions TO authenticated;

-- An own question that breaks the rules is refused with a message that
-- says what to change (400 through the data API; a repeated text 409). The
-- function file gives the check its body (ADR 031).
CREATE FUNCTION journal_private.check_own_question() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NEW; END $$;
REVOKE ALL ON FUNCTION journal_private.check_own_question() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER questions_check_own
  BEFORE INSERT OR UPDATE ON public.questions
  FOR EACH ROW EXECUTE FUNCTION journal_private.check_own_question();

-- The entry's own answers, typed by derive_entry (its file) into one object
-- of question id to answer text: {"12": "7.5", "13": "true"}. Look Back,
-- exports and Insights read them with the entry, and the history view the
-- app reads (ADR 006) gains the column at its end.
ALTER TABLE public.activity_entries ADD COLUMN answers jsonb NOT NULL DEFAULT '{}';

CREATE OR REPLACE VIEW public.activities WITH (security_invoker = true) AS
SELECT user_id, created_at, activity, energy, engagement, flow_state, notes, activity_key,
       tags, tag_keys, search, answers
FROM public.activity_entries;

REVOKE ALL ON public.activities FROM anon, authenticated;
GRANT SELECT ON public.activities TO authenticated;

-- entry_questions (its file) also names every built-in question now, so
-- that derive_entry tells own answers apart; a new result type needs a new
-- function.
DROP FUNCTION IF EXISTS journal_private.entry_questions();
