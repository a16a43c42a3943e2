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
-- One answer per question per activity: an activity is the set of a user's
-- answers sharing one created_at (docs/product.md 7). The index also serves the
-- history, newest first, and the per-activity lookups of the view below.
CREATE UNIQUE INDEX user_answers_user_created_question_idx
  ON public.user_answers (user_id, created_at DESC, question_id);
CREATE INDEX user_answers_question_id_idx ON public.user_answers (question_id);

-- Authorization is row-level security and nothing else (docs/decisions/002).
ALTER TABLE public.pages ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.questions ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_answers ENABLE ROW LEVEL SECURITY;

CREATE POLICY pages_read ON public.pages FOR SELECT TO authenticated USING (true);
CREATE POLICY questions_read ON public.questions FOR SELECT TO authenticated USING (true);
-- `(SELECT auth.uid())` is evaluated once per statement, not once per row,
-- which lets the planner use the index on user_id.
CREATE POLICY user_answers_select_own ON public.user_answers
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY user_answers_insert_own ON public.user_answers
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY user_answers_delete_own ON public.user_answers
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));

-- Hosted Supabase grants everything in public to anon and authenticated by
-- default; take that back and grant only what each role needs.
REVOKE ALL ON public.pages, public.questions, public.user_answers FROM anon, authenticated;
GRANT USAGE ON SCHEMA public TO anon, authenticated;
GRANT SELECT ON public.pages, public.questions TO authenticated;
GRANT SELECT, DELETE ON public.user_answers TO authenticated;
GRANT INSERT (user_id, question_id, answer) ON public.user_answers TO authenticated;

-- One typed row per saved activity. security_invoker makes the caller's RLS
-- apply, so a user sees only their own rows through it too.
-- Driven by the activity-description answers in index order, with the other
-- answers fetched per activity, so that "newest 50" reads about 50 activities
-- instead of aggregating a user's whole history first.
CREATE VIEW public.activities WITH (security_invoker = true) AS
SELECT d.user_id, d.created_at, d.answer AS activity,
       round(other.energy_text::numeric)::integer AS energy,
       round(other.engagement_text::numeric)::integer AS engagement,
       coalesce(other.flow_text = 'true', false) AS flow_state,
       other.notes
FROM public.user_answers d
JOIN public.questions qd ON qd.id = d.question_id AND qd.question = 'Activity Description'
JOIN public.pages p ON p.id = qd.page_id AND p.name = 'good_time_journal'
CROSS JOIN LATERAL (
  SELECT max(a.answer) FILTER (WHERE q.question = 'Energy Level') AS energy_text,
         max(a.answer) FILTER (WHERE q.question = 'Engagement Level') AS engagement_text,
         max(a.answer) FILTER (WHERE q.question = 'Flow State') AS flow_text,
         max(a.answer) FILTER (WHERE q.question = 'Activity Notes') AS notes
  FROM public.user_answers a
  JOIN public.questions q ON q.id = a.question_id AND q.page_id = qd.page_id
  WHERE a.user_id = d.user_id AND a.created_at = d.created_at
) other
-- docs/product.md 5: only entries with an activity text and numeric energy and engagement.
WHERE btrim(d.answer) <> ''
  AND other.energy_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$'
  AND other.engagement_text ~ '^\s*[0-9]{1,9}(\.[0-9]+)?\s*$';

REVOKE ALL ON public.activities FROM anon, authenticated;
GRANT SELECT ON public.activities TO authenticated;
