-- Checks the answers of one entry to its person's own questions
-- (docs/decisions/084) and gives them as the typed row keeps them: an
-- object of question id to answer text, each text tidied. Called by
-- derive_entry for every entry that has such answers, so saves, edits,
-- imports and restores all meet the same rules; a refusal is SQLSTATE 22023
-- (400 through the data API) naming the question, and rolls back the whole
-- statement, so an entry never lands without the answers it was sent with.
--
-- Runs as its definer (derive_entry's caller may not read every question),
-- so it checks the owner itself: an answer to a question that is not the
-- person's own is refused in the same words as one that does not exist.
CREATE OR REPLACE FUNCTION journal_private.own_answers(key_user uuid, given jsonb)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  item record;
  q record;
  answer text;
  amount numeric;
  result jsonb := '{}';
BEGIN
  FOR item IN SELECT g.key, g.value FROM jsonb_each_text(given) AS g LOOP
    SELECT qs.question, qs.answer_type, qs.lowest, qs.highest, qs.unit INTO q
    FROM public.questions qs
    WHERE qs.id = item.key::bigint AND qs.owner_id = key_user;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'An answer names a question that is not one of yours'
        USING ERRCODE = '22023', DETAIL = format('question_id %s', item.key);
    END IF;
    answer := btrim(item.value);
    CASE q.answer_type
      WHEN 'yes_no' THEN
        IF answer NOT IN ('true', 'false') THEN
          RAISE EXCEPTION '"%" is answered yes or no', q.question
            USING ERRCODE = '22023', HINT = 'Store the answer as true or false.';
        END IF;
      WHEN 'scale' THEN
        IF answer !~ '^[1-5]$' THEN
          RAISE EXCEPTION '"%" is answered with a whole number from 1 to 5', q.question
            USING ERRCODE = '22023';
        END IF;
      WHEN 'number' THEN
        IF answer !~ '^-?[0-9]{1,15}(\.[0-9]{1,6})?$' THEN
          RAISE EXCEPTION '"%" is answered with a number', q.question
            USING ERRCODE = '22023', HINT = 'At most 15 digits before the point and 6 after it.';
        END IF;
        amount := answer::numeric;
        IF amount < q.lowest OR amount > q.highest THEN
          RAISE EXCEPTION '"%" must be %', q.question,
            CASE WHEN q.lowest IS NOT NULL AND q.highest IS NOT NULL
                   THEN format('from %s to %s', q.lowest, q.highest)
                 WHEN q.lowest IS NOT NULL THEN format('at least %s', q.lowest)
                 ELSE format('at most %s', q.highest) END
            USING ERRCODE = '22023', DETAIL = format('The answer was %s.', answer);
        END IF;
        answer := amount::text;
      ELSE
        IF answer = '' OR char_length(answer) > 200 THEN
          RAISE EXCEPTION 'The answer to "%" must be 1 to 200 characters', q.question
            USING ERRCODE = '22023';
        END IF;
    END CASE;
    result := result || jsonb_build_object(item.key, answer);
  END LOOP;
  RETURN result;
END
$$;

REVOKE ALL ON FUNCTION journal_private.own_answers(uuid, jsonb) FROM PUBLIC, anon, authenticated;
