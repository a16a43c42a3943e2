-- The weekly review (docs/decisions/071-weekly-reviews.md, docs/product.md
-- 10.1): once a week a person looks back at the week's entries, writes what
-- they noticed (the five AEIOU questions) and plans one experiment for the
-- next week. One row a person and week: the week's Monday, as a date in the
-- person's own time zone. Portable: applies unchanged to a hosted Supabase
-- project.
--
-- The experiment names an activity or a tag for "Do more of" and for "Do
-- less of" (either may be empty: kind and name both null), as the person
-- spelled it; the week after, week_in_review (its file) checks it against
-- the journal, grouping names as Insights does (activity_key).
CREATE TABLE public.weekly_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  week_start date NOT NULL,
  activities text NOT NULL DEFAULT '',
  environment text NOT NULL DEFAULT '',
  interactions text NOT NULL DEFAULT '',
  objects text NOT NULL DEFAULT '',
  users text NOT NULL DEFAULT '',
  more_kind text,
  more_name text,
  less_kind text,
  less_name text,
  how text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- One review a week: saving the week again updates it (the app's upsert
  -- names these columns). Also the index of a person's past reviews.
  UNIQUE (user_id, week_start)
);

ALTER TABLE public.weekly_reviews ENABLE ROW LEVEL SECURITY;
CREATE POLICY weekly_reviews_select_own ON public.weekly_reviews
  FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
CREATE POLICY weekly_reviews_insert_own ON public.weekly_reviews
  FOR INSERT TO authenticated WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY weekly_reviews_update_own ON public.weekly_reviews
  FOR UPDATE TO authenticated
  USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
CREATE POLICY weekly_reviews_delete_own ON public.weekly_reviews
  FOR DELETE TO authenticated USING (user_id = (SELECT auth.uid()));
-- Reflections are journal: from a session that used two-step sign-in only,
-- as the journal's tables (migrations 0016 and 0024, ADR 032).
CREATE POLICY weekly_reviews_second_factor ON public.weekly_reviews AS RESTRICTIVE
  FOR ALL TO authenticated
  USING ((SELECT journal_private.second_factor_satisfied()))
  WITH CHECK ((SELECT journal_private.second_factor_satisfied()));

-- Hosted Supabase grants everything in public to anon and authenticated by
-- default; take that back and grant what the review screen needs. The
-- upsert writes week_start again on a conflict, so it may be updated (the
-- check keeps it a Monday); the owner and the times are not the client's.
REVOKE ALL ON public.weekly_reviews FROM anon, authenticated;
GRANT SELECT, DELETE ON public.weekly_reviews TO authenticated;
GRANT INSERT (user_id, week_start, activities, environment, interactions, objects, users,
              more_kind, more_name, less_kind, less_name, how)
  ON public.weekly_reviews TO authenticated;
GRANT UPDATE (week_start, activities, environment, interactions, objects, users,
              more_kind, more_name, less_kind, less_name, how)
  ON public.weekly_reviews TO authenticated;

-- A review that breaks the rules is refused with a message that says what
-- is wrong (400 through the data API), and updated_at is stamped. The
-- function file gives the check its body (ADR 031).
CREATE FUNCTION journal_private.check_weekly_review() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$ BEGIN RETURN NEW; END $$;
REVOKE ALL ON FUNCTION journal_private.check_weekly_review() FROM PUBLIC, anon, authenticated;
CREATE TRIGGER weekly_reviews_check
  BEFORE INSERT OR UPDATE ON public.weekly_reviews
  FOR EACH ROW EXECUTE FUNCTION journal_private.check_weekly_review();
