-- Application schema. Portable: applies as it is to a hosted Supabase project,
-- whose auth schema, auth.uid() and roles anon/authenticated already exist.

CREATE TABLE public.pages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE public.questions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  question text NOT NULL,
  page_id bigint NOT NULL REFERENCES public.pages (id) ON DELETE CASCADE,
  active boolean NOT NULL DEFAULT true
);
CREATE INDEX questions_page_id_idx ON public.questions (page_id) WHERE active;

CREATE TABLE public.user_answers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  question_id bigint NOT NULL REFERENCES public.questions (id),
  answer text NOT NULL CHECK (char_length(answer) <= 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_answers_user_created_idx ON public.user_answers (user_id, created_at DESC);
CREATE INDEX user_answers_question_id_idx ON public.user_answers (question_id);

-- Authorization is row-level security and nothing else (docs/decisions/002).
ALTER TABLE public.pages ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_answers ENABLE ROW LEVEL SECURITY;

CREATE POLICY pages_read ON public.pages FOR SELECT TO authenticated USING (true);
CREATE POLICY questions_read ON public.questions FOR SELECT TO authenticated USING (true);
CREATE POLICY user_answers_select_own ON public.user_answers
  FOR SELECT TO authenticated USING (user_id = auth.uid());
CREATE POLICY user_answers_insert_own ON public.user_answers
  FOR INSERT TO authenticated WITH CHECK (user_id = auth.uid());
CREATE POLICY user_answers_delete_own ON public.user_answers
  FOR DELETE TO authenticated USING (user_id = auth.uid());

-- Hosted Supabase grants everything in public to anon and authenticated by
-- default; take that back and grant only what each role needs.
REVOKE ALL ON public.pages, public.questions, public.user_answers FROM anon, authenticated;
GRANT USAGE ON SCHEMA public TO anon, authenticated;
GRANT SELECT ON public.pages, public.questions TO authenticated;
GRANT SELECT, DELETE ON public.user_answers TO authenticated;
GRANT INSERT (user_id, question_id, answer) ON public.user_answers TO authenticated;

-- One typed row per saved activity. security_invoker makes the caller's RLS
-- apply, so a user sees only their own rows through it too.
CREATE VIEW public.activities WITH (security_invoker = true) AS
SELECT user_id, created_at, activity,
       round(energy_text::numeric)::integer AS energy,
       round(engagement_text::numeric)::integer AS engagement,
       coalesce(flow_text = 'true', false) AS flow_state,
       notes
FROM (
  SELECT a.user_id, a.created_at,
         max(a.answer) FILTER (WHERE q.question = 'Activity Description') AS activity,
         max(a.answer) FILTER (WHERE q.question = 'Energy Level') AS energy_text,
         max(a.answer) FILTER (WHERE q.question = 'Engagement Level') AS engagement_text,
         max(a.answer) FILTER (WHERE q.question = 'Flow State') AS flow_text,
         max(a.answer) FILTER (WHERE q.question = 'Activity Notes') AS notes
  FROM public.user_answers a
  JOIN public.questions q ON q.id = a.question_id
  JOIN public.pages p ON p.id = q.page_id AND p.name = 'good_time_journal'
  GROUP BY a.user_id, a.created_at
) grouped
-- SPEC.md 5: only entries with an activity text and numeric energy and engagement.
WHERE btrim(coalesce(activity, '')) <> ''
  AND energy_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
  AND engagement_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$';

REVOKE ALL ON public.activities FROM anon, authenticated;
GRANT SELECT ON public.activities TO authenticated;
