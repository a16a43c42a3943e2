-- Look Back searched and filtered by tag (docs/decisions/038): one
-- page of the caller's entries, newest first, with every filter of Look Back.
--
-- Why a function and not a filter on the `activities` view: under row-level
-- security PostgreSQL may use an index for a condition of the query only if
-- its operator is LEAKPROOF (else it could run on other people's rows before
-- the policy hides them), and neither `@@` (full text) nor `@>` (array
-- containment) is; only a superuser may mark them so, which hosted Supabase
-- does not allow. Through the view both filters read every entry of the
-- person (about 20-60 ms at 20,000 entries, measured by
-- server/scripts/measure-search.ts). This function runs as its owner, who
-- is not subject to the policies, so the GIN indexes serve; it therefore
-- applies the policies itself: the caller's own rows only, and none when
-- their second factor is required and missing (as the restrictive policy of
-- migration 0016 does).
--
-- `words` is what the person typed: every word must occur in the activity,
-- the notes or the tags (lower case, no stemming: the 'simple'
-- configuration), the last one as a prefix unless the text ends with a
-- space, so that results follow the typing. `tag` matches by key (case and
-- whitespace aside), `activity_name` likewise. `before_time` is the keyset
-- cursor: the created_at of the last entry already shown.
CREATE OR REPLACE FUNCTION public.search_entries(
  words text DEFAULT NULL,
  tag text DEFAULT NULL,
  activity_name text DEFAULT NULL,
  min_energy integer DEFAULT 0,
  min_engagement integer DEFAULT 0,
  flow_only boolean DEFAULT false,
  before_time timestamptz DEFAULT NULL,
  max_count integer DEFAULT 50
) RETURNS TABLE (
  created_at timestamptz,
  activity text,
  energy integer,
  engagement integer,
  flow_state boolean,
  notes text,
  tags text[],
  answers jsonb
)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
  query_text text;
  matching tsquery;
  statement text :=
    'SELECT e.created_at, e.activity, e.energy, e.engagement, e.flow_state, e.notes, e.tags, e.answers
     FROM public.activity_entries e WHERE e.user_id = $1';
BEGIN
  IF caller IS NULL THEN
    RAISE EXCEPTION 'Sign in to search entries' USING ERRCODE = '42501';
  END IF;
  IF char_length(words) > 200 THEN
    RAISE EXCEPTION 'words may be at most 200 characters' USING ERRCODE = '22023';
  END IF;
  IF char_length(tag) > 200 OR char_length(activity_name) > 500 THEN
    RAISE EXCEPTION 'tag or activity_name is too long' USING ERRCODE = '22023';
  END IF;
  IF NOT journal_private.second_factor_satisfied() THEN
    RETURN;
  END IF;

  -- The typed words as the 'simple' configuration reads them, in order,
  -- each quoted as a lexeme (so no character of theirs is query syntax).
  WITH lexemes AS (
    SELECT u.lexeme, (SELECT max(p) FROM unnest(u.positions) AS p) AS position
    FROM unnest(to_tsvector('simple'::regconfig, coalesce(words, ''))) AS u
  )
  SELECT string_agg(
           quote_literal(l.lexeme) ||
             CASE WHEN l.position = (SELECT max(position) FROM lexemes) AND words !~ '\s$'
                  THEN ':*' ELSE '' END,
           ' & ')
    INTO query_text
  FROM lexemes l;
  IF query_text IS NOT NULL THEN
    matching := to_tsquery('simple'::regconfig, query_text);
    statement := statement || ' AND e.search @@ $2';
  END IF;
  IF nullif(btrim(tag), '') IS NOT NULL THEN
    statement := statement || ' AND e.tag_keys @> ARRAY[public.activity_key($3)]';
  END IF;
  IF nullif(btrim(activity_name), '') IS NOT NULL THEN
    statement := statement || ' AND e.activity_key = public.activity_key($4)';
  END IF;
  IF coalesce(min_energy, 0) > 0 THEN
    statement := statement || ' AND e.energy >= $5';
  END IF;
  IF coalesce(min_engagement, 0) > 0 THEN
    statement := statement || ' AND e.engagement >= $6';
  END IF;
  IF coalesce(flow_only, false) THEN
    statement := statement || ' AND e.flow_state';
  END IF;
  IF before_time IS NOT NULL THEN
    statement := statement || ' AND e.created_at < $7';
  END IF;
  -- Planned for these values at each call (EXECUTE), so the planner weighs
  -- the GIN indexes against reading the person's entries newest first.
  RETURN QUERY EXECUTE statement || ' ORDER BY e.created_at DESC LIMIT $8'
    USING caller, matching, tag, activity_name, min_energy, min_engagement, before_time,
          least(greatest(coalesce(max_count, 50), 0), 1000);
END
$$;

REVOKE ALL ON FUNCTION public.search_entries(text, text, text, integer, integer, boolean, timestamptz, integer)
  FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.search_entries(text, text, text, integer, integer, boolean, timestamptz, integer)
  TO authenticated;
