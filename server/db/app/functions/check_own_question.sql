-- Refuses an own question the app could not ask, each way with a message
-- that says what to change, and tidies what it keeps. A trigger on
-- public.questions (migration 0036, docs/decisions/084). Built-in questions
-- (no owner: the migrations' seeds) pass untouched.
--
-- SQLSTATE 22023 answers 400 through the data API; a text the person
-- already uses 23505 (409, as the unique index would); more than 20 shown
-- questions 23514 (400). Everything is checked before the row is written,
-- so a refused question changes nothing.
CREATE OR REPLACE FUNCTION journal_private.check_own_question() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  max_shown CONSTANT integer := 20;
  own_page bigint;
  shown integer;
  outside bigint;
BEGIN
  IF NEW.owner_id IS NULL THEN
    IF TG_OP = 'UPDATE' AND OLD.owner_id IS NOT NULL THEN
      RAISE EXCEPTION 'A question keeps its owner' USING ERRCODE = '22023';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.owner_id IS DISTINCT FROM NEW.owner_id THEN
    RAISE EXCEPTION 'A question keeps its owner' USING ERRCODE = '22023';
  END IF;

  SELECT p.id INTO own_page FROM public.pages p WHERE p.name = 'own_questions';
  NEW.page_id := own_page;
  NEW.active := coalesce(NEW.active, true);

  NEW.question := btrim(coalesce(NEW.question, ''));
  IF NEW.question = '' THEN
    RAISE EXCEPTION 'Enter the question' USING ERRCODE = '22023';
  END IF;
  IF char_length(NEW.question) > 100 THEN
    RAISE EXCEPTION 'A question can be at most 100 characters'
      USING ERRCODE = '22023', DETAIL = format('It has %s characters.', char_length(NEW.question));
  END IF;
  -- A question is a label on one line: line breaks and other control
  -- characters would break the form, the CSV header and screen readers.
  IF NEW.question ~ '[\x01-\x1f\x7f-\x9f]' THEN
    RAISE EXCEPTION 'A question cannot hold line breaks or control characters'
      USING ERRCODE = '22023';
  END IF;
  IF EXISTS (
    SELECT 1 FROM public.questions q
    WHERE q.owner_id = NEW.owner_id
      AND lower(btrim(q.question)) = lower(NEW.question)
      AND q.id IS DISTINCT FROM NEW.id
  ) THEN
    RAISE EXCEPTION 'You already have the question "%"', NEW.question
      USING ERRCODE = '23505', HINT = 'Questions differ by more than case and spaces.';
  END IF;

  IF NEW.answer_type IS NULL OR NEW.answer_type NOT IN ('yes_no', 'number', 'scale', 'text') THEN
    RAISE EXCEPTION 'Choose the answer type: yes or no, number, scale 1 to 5 or short text'
      USING ERRCODE = '22023', HINT = 'answer_type is one of yes_no, number, scale, text.';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.answer_type <> OLD.answer_type
     AND EXISTS (SELECT 1 FROM public.user_answers a WHERE a.question_id = NEW.id) THEN
    RAISE EXCEPTION 'The answer type cannot change once the question has answers'
      USING ERRCODE = '22023',
            HINT = 'Hide this question and add a new one with the other type.';
  END IF;
  IF NEW.asked IS NULL OR NEW.asked NOT IN ('entry', 'day') THEN
    RAISE EXCEPTION 'Choose when it is asked: with every entry or once a day'
      USING ERRCODE = '22023', HINT = 'asked is entry or day.';
  END IF;

  -- What belongs to another type is dropped, so a changed type leaves no
  -- stray unit, bound or label behind.
  IF NEW.answer_type = 'number' THEN
    NEW.unit := nullif(btrim(coalesce(NEW.unit, '')), '');
    IF char_length(NEW.unit) > 20 OR NEW.unit ~ '[\x01-\x1f\x7f-\x9f]' THEN
      RAISE EXCEPTION 'A unit can be at most 20 characters on one line' USING ERRCODE = '22023';
    END IF;
    IF NEW.lowest IS NOT NULL AND NEW.lowest::text IN ('NaN', 'Infinity', '-Infinity')
       OR NEW.highest IS NOT NULL AND NEW.highest::text IN ('NaN', 'Infinity', '-Infinity') THEN
      RAISE EXCEPTION 'Lowest and Highest must be numbers' USING ERRCODE = '22023';
    END IF;
    IF abs(NEW.lowest) >= 1e15 OR abs(NEW.highest) >= 1e15 THEN
      RAISE EXCEPTION 'Lowest and Highest must be between -1e15 and 1e15' USING ERRCODE = '22023';
    END IF;
    IF NEW.lowest > NEW.highest THEN
      RAISE EXCEPTION 'Lowest must not be above Highest'
        USING ERRCODE = '22023', DETAIL = format('Lowest is %s, Highest %s.', NEW.lowest, NEW.highest);
    END IF;
    -- Bounds never exclude an answer already given: every stored answer is
    -- checked again whenever its entry is edited, undone or restored
    -- (own_answers), and one outside the bounds would then refuse it.
    IF TG_OP = 'UPDATE' AND OLD.answer_type = 'number'
       AND (NEW.lowest IS DISTINCT FROM OLD.lowest OR NEW.highest IS DISTINCT FROM OLD.highest) THEN
      SELECT count(*) INTO outside
      FROM public.user_answers a
      WHERE a.question_id = NEW.id
        AND (a.answer::numeric < NEW.lowest OR a.answer::numeric > NEW.highest);
      IF outside > 0 THEN
        RAISE EXCEPTION 'Lowest and Highest must include the answers already given'
          USING ERRCODE = '22023',
                DETAIL = format('%s answers are outside them.', outside),
                HINT = 'Widen the bounds, or hide this question and add a new one.';
      END IF;
    END IF;
  ELSE
    NEW.unit := NULL;
    NEW.lowest := NULL;
    NEW.highest := NULL;
  END IF;
  IF NEW.answer_type = 'scale' THEN
    NEW.label_1 := nullif(btrim(coalesce(NEW.label_1, '')), '');
    NEW.label_5 := nullif(btrim(coalesce(NEW.label_5, '')), '');
    IF char_length(NEW.label_1) > 40 OR char_length(NEW.label_5) > 40
       OR NEW.label_1 ~ '[\x01-\x1f\x7f-\x9f]' OR NEW.label_5 ~ '[\x01-\x1f\x7f-\x9f]' THEN
      RAISE EXCEPTION 'A scale''s labels can be at most 40 characters on one line'
        USING ERRCODE = '22023';
    END IF;
  ELSE
    NEW.label_1 := NULL;
    NEW.label_5 := NULL;
  END IF;

  -- At most 20 shown questions a person. Two saves of one person wait for
  -- each other here, so both cannot pass the count at once.
  IF NEW.active AND (TG_OP = 'INSERT' OR NOT OLD.active) THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('journal.own_questions ' || NEW.owner_id::text, 0));
    SELECT count(*) INTO shown
    FROM public.questions q
    WHERE q.owner_id = NEW.owner_id AND q.active AND q.id IS DISTINCT FROM NEW.id;
    IF shown >= max_shown THEN
      RAISE EXCEPTION 'You can have at most % questions that are not hidden', max_shown
        USING ERRCODE = '23514', HINT = 'Hide a question to add or show another.';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

REVOKE ALL ON FUNCTION journal_private.check_own_question() FROM PUBLIC, anon, authenticated;
