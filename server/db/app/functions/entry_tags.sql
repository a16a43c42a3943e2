-- The tags of an entry from its 'Tags' answer (docs/decisions/038): a JSON
-- array of at most 10 texts, each made tidy (surrounding whitespace dropped,
-- inner runs of whitespace as one space) and then 1 to 40 characters long.
-- A tag given twice (the same key: case and whitespace aside, as activity
-- names are grouped) is kept once, where it first appears.
--
-- A tag may hold any printable character but these, refused with the tag's
-- position named:
-- - control characters (U+0000-U+001F, U+007F-U+009F: tabs, line breaks);
-- - line and paragraph separators (U+2028, U+2029), which end a line in
--   JavaScript and in many editors, so a CSV or a chip would break there;
-- - invisible format characters that make two different tags look alike or
--   turn the text around them (soft hyphen U+00AD, the zero-width space
--   U+200B, direction marks U+200E-U+200F, embeddings and overrides
--   U+202A-U+202E, U+2060-U+206F, the byte order mark U+FEFF,
--   U+FFF9-U+FFFB); not the zero-width non-joiner and joiner (U+200C,
--   U+200D), which Persian and Indic words and emoji such as 👩‍💻 need;
-- - the comma and the semicolon: a comma ends a tag where it is typed, and
--   an export separates an entry's tags with semicolons.
--
-- Raises check_violation (HTTP 400 over the data API) with a message a
-- person can read; called by rederive_entries for every stored 'Tags' answer.
CREATE OR REPLACE FUNCTION journal_private.entry_tags(answer text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  parsed jsonb;
  item jsonb;
  position integer := 0;
  tidy text;
  tags text[] := '{}';
  keys text[] := '{}';
BEGIN
  IF answer IS NULL THEN
    RETURN tags;
  END IF;
  BEGIN
    parsed := answer::jsonb;
  EXCEPTION WHEN invalid_text_representation OR untranslatable_character THEN
    parsed := NULL;
  END;
  IF parsed IS NULL OR jsonb_typeof(parsed) <> 'array' THEN
    RAISE EXCEPTION 'Tags must be a JSON array of texts'
      USING ERRCODE = 'check_violation', DETAIL = 'For example ["outside","with Sam"].';
  END IF;
  IF jsonb_array_length(parsed) > 10 THEN
    RAISE EXCEPTION 'An entry can have at most 10 tags'
      USING ERRCODE = 'check_violation',
            DETAIL = format('%s tags were sent.', jsonb_array_length(parsed));
  END IF;
  FOR item IN SELECT value FROM jsonb_array_elements(parsed) LOOP
    position := position + 1;
    IF jsonb_typeof(item) <> 'string' THEN
      RAISE EXCEPTION 'Tag % is not a text', position USING ERRCODE = 'check_violation';
    END IF;
    IF (item #>> '{}') ~ '[\u0001-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb,;]' THEN
      RAISE EXCEPTION 'Tag % contains a character tags cannot have', position
        USING ERRCODE = 'check_violation',
              DETAIL = 'Tags cannot contain commas, semicolons, line breaks, control characters or invisible formatting characters.';
    END IF;
    tidy := btrim(regexp_replace(item #>> '{}', '\s+', ' ', 'g'));
    IF tidy = '' THEN
      RAISE EXCEPTION 'Tag % is empty', position USING ERRCODE = 'check_violation';
    END IF;
    IF char_length(tidy) > 40 THEN
      RAISE EXCEPTION 'Tag % is longer than 40 characters', position
        USING ERRCODE = 'check_violation',
              DETAIL = format('It has %s characters.', char_length(tidy));
    END IF;
    IF NOT (public.activity_key(tidy) = ANY (keys)) THEN
      keys := keys || public.activity_key(tidy);
      tags := tags || tidy;
    END IF;
  END LOOP;
  RETURN tags;
END
$$;

REVOKE ALL ON FUNCTION journal_private.entry_tags(text) FROM PUBLIC, anon, authenticated;
