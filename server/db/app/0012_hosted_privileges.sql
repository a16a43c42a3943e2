-- What a check of the migrations on a database shaped like hosted Supabase
-- found, and its Security Advisor would flag.
--
-- activity_key was the one function without a fixed search_path
-- ("function_search_path_mutable"). Its body is parsed when it is created,
-- so no caller's search_path could change what it does, but every other
-- function of ours pins it to '' and the Advisor cannot tell the difference.
ALTER FUNCTION public.activity_key(text) SET search_path = '';

-- Hosted Supabase's default privileges grant ALL on every new sequence in
-- public to anon and authenticated, which left them able to read and advance
-- the identity sequences of our tables. Inserting into an identity column
-- needs no right on its sequence, so nobody needs these. (Our own auth
-- migration 0001 creates both roles, so they exist on both databases.) The
-- default privileges themselves belong to Supabase's roles and stay as they
-- are: any sequence a later migration adds must be revoked there too.
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM anon, authenticated;
