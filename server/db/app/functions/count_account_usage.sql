-- Keeps journal_private.account_usage in step with user_answers, one call per
-- statement, and refuses a write that takes an account over its quota
-- (docs/security-bounds.md). The quota, documented in docs/security-bounds.md:
-- - 500,000 answers: 100,000 entries of the journal's five questions, 27
--   years at ten entries a day;
-- - 100 MiB of answer text: a hundred times what 100,000 ordinary entries
--   take, reached only by filling every field to its limit.
-- A refused statement writes nothing (the whole save, or the whole import
-- batch), and deleting entries makes room again. Runs as its owner: the
-- counts are no one's to read or change directly.
CREATE OR REPLACE FUNCTION journal_private.count_account_usage() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  max_answers constant bigint := 500000;
  max_bytes constant bigint := 100 * 1024 * 1024;
  totals record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM journal_private.account_usage;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE journal_private.account_usage u
       SET answers = u.answers - gone.answers, bytes = u.bytes - gone.bytes
      FROM (SELECT user_id, count(*) AS answers, sum(octet_length(answer)) AS bytes
              FROM old_rows GROUP BY user_id) gone
     WHERE u.user_id = gone.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The new totals come back from the same statement: no second read.
    FOR totals IN
      INSERT INTO journal_private.account_usage AS u (user_id, answers, bytes)
      SELECT user_id, count(*), sum(octet_length(answer)) FROM new_rows GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE
        SET answers = u.answers + excluded.answers, bytes = u.bytes + excluded.bytes
      RETURNING u.answers, u.bytes
    LOOP
      CONTINUE WHEN totals.answers <= max_answers AND totals.bytes <= max_bytes;
      -- PostgREST's custom status: 413, the request is more than the account may hold.
      -- The message is what the app shows after 'Failed to save activity: '.
      RAISE EXCEPTION 'Your journal is full. Export your data, then delete entries you no longer need.'
        USING ERRCODE = 'PT413',
              DETAIL = format('An account may hold %s answers (100,000 entries) and %s MiB of text; this one would hold %s answers and %s MiB.',
                              max_answers, max_bytes / 1048576, totals.answers,
                              round(totals.bytes / 1048576.0, 1));
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION journal_private.count_account_usage() FROM PUBLIC, anon, authenticated;
