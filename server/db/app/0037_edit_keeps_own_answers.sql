-- Editing an entry carries its own answers (docs/decisions/084): update_entry
-- replaces every answer row of the entry, so without them an edit would drop
-- the answers to the person's own questions. Its file gives the new
-- signature, with a trailing `answers jsonb DEFAULT NULL`; the old one goes
-- here, so a call from an older app (which does not name `answers`) reaches
-- the new function and keeps the answers it does not know about. IF EXISTS:
-- a new database gets its functions from the files after the last
-- migration, so it has no such function yet at this point.
DROP FUNCTION IF EXISTS public.update_entry(timestamptz, text, integer, integer, boolean, text, timestamptz, text[]);
