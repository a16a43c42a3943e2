-- Refuses a weekly review the app could not show or check, each way with a
-- message that says what to change (SQLSTATE 22023: 400 through the data
-- API), and stamps updated_at on a change. A trigger on public.weekly_reviews (migration
-- 0025, docs/decisions/071-weekly-reviews.md).
--
-- Texts have the bounds of an entry's notes (2000 characters each, counted
-- as the database counts them: an emoji is one) and, like notes, may hold
-- any character the database can store: line breaks, U+2028, emoji. A
-- planned activity or tag has the bounds of its kind (500 and 40 characters).
-- The week is a Monday from 1900 (the entries' floor, migration 0011) to
-- the week after this one in any zone: a person has at most one review a
-- week, so these bounds also bound how many rows one account can hold.
CREATE OR REPLACE FUNCTION journal_private.check_weekly_review() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  max_text CONSTANT integer := 2000;
  field record;
  choice record;
BEGIN
  IF NEW.week_start IS NULL OR NOT isfinite(NEW.week_start)
     OR extract(isodow FROM NEW.week_start) <> 1 THEN
    RAISE EXCEPTION 'A review''s week must start on a Monday'
      USING ERRCODE = '22023', HINT = 'Give week_start as the date of the week''s Monday.';
  END IF;
  IF NEW.week_start < date '1900-01-01'
     OR NEW.week_start > (now() AT TIME ZONE 'UTC')::date + 8 THEN
    RAISE EXCEPTION 'A review''s week must be between 1900 and next week'
      USING ERRCODE = '22023';
  END IF;

  FOR field IN
    SELECT * FROM (VALUES
      ('Activities', NEW.activities), ('Environment', NEW.environment),
      ('Interactions', NEW.interactions), ('Objects', NEW.objects), ('Users', NEW.users),
      ('How', NEW.how)) AS f (label, value)
  LOOP
    IF field.value IS NULL THEN
      RAISE EXCEPTION '% must be a text (empty for none)', field.label USING ERRCODE = '22023';
    END IF;
    IF char_length(field.value) > max_text THEN
      RAISE EXCEPTION '% can be at most % characters', field.label, max_text
        USING ERRCODE = '22023', DETAIL = format('It has %s characters.', char_length(field.value));
    END IF;
  END LOOP;

  FOR choice IN
    SELECT * FROM (VALUES ('Do more of', NEW.more_kind, NEW.more_name),
                          ('Do less of', NEW.less_kind, NEW.less_name)) AS c (label, kind, name)
  LOOP
    IF choice.kind IS NULL AND choice.name IS NULL THEN
      CONTINUE;
    END IF;
    IF choice.kind IS NULL OR choice.kind NOT IN ('activity', 'tag') THEN
      RAISE EXCEPTION '% must be an activity or a tag', choice.label
        USING ERRCODE = '22023', HINT = 'Give its kind as activity or tag, or leave both kind and name empty.';
    END IF;
    IF choice.name IS NULL OR btrim(choice.name) = '' THEN
      RAISE EXCEPTION '% needs the name of the % to plan', choice.label, choice.kind
        USING ERRCODE = '22023';
    END IF;
    IF char_length(choice.name) > (CASE choice.kind WHEN 'activity' THEN 500 ELSE 40 END) THEN
      RAISE EXCEPTION '% names %', choice.label,
        CASE choice.kind WHEN 'activity' THEN 'an activity longer than 500 characters'
                         ELSE 'a tag longer than 40 characters' END
        USING ERRCODE = '22023';
    END IF;
  END LOOP;

  -- An insert keeps the time it was given (a restore brings the old one
  -- back; the API roles may not write it, so theirs is the default).
  IF TG_OP = 'UPDATE' THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.check_weekly_review() FROM PUBLIC, anon, authenticated;
