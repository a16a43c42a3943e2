-- Deletes the caller's account: the auth.users row, and through its foreign
-- keys (ON DELETE CASCADE, on our auth schema as on Supabase's) every
-- identity, session, refresh token and entry. Hosted Supabase offers users no
-- endpoint to delete themselves, so this function is the one way on both.
-- It runs as its owner (who may delete from auth.users) and therefore checks
-- everything itself:
-- - an account with a password must have signed in (any method) within the
--   last five minutes: the app signs in again with the password first, so a
--   stolen or long-lived token alone cannot close the account;
-- - an account without a password (Google only) must name its e-mail address.
CREATE OR REPLACE FUNCTION public.delete_my_account(confirmation text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  caller uuid := auth.uid();
  claims jsonb := coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
  account record;
  signed_in_at double precision;
BEGIN
  IF caller IS NULL OR claims ->> 'role' IS DISTINCT FROM 'authenticated' THEN
    RAISE EXCEPTION 'Sign in to delete your account' USING ERRCODE = '42501';
  END IF;
  SELECT u.email, coalesce(u.encrypted_password, '') <> '' AS has_password
    INTO account FROM auth.users u WHERE u.id = caller;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'This account does not exist' USING ERRCODE = '42501';
  END IF;

  IF account.has_password THEN
    SELECT max((m ->> 'timestamp')::double precision) INTO signed_in_at
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(claims -> 'amr') = 'array' THEN claims -> 'amr' ELSE '[]' END
    ) AS amr (m)
    WHERE jsonb_typeof(m -> 'timestamp') = 'number';
    IF signed_in_at IS NULL OR signed_in_at < extract(epoch FROM now()) - 300 THEN
      RAISE EXCEPTION 'Sign in again to delete your account'
        USING ERRCODE = '42501',
              HINT = 'Deleting an account needs a sign-in within the last 5 minutes.';
    END IF;
  ELSIF confirmation IS NULL OR lower(btrim(confirmation)) IS DISTINCT FROM lower(account.email) THEN
    RAISE EXCEPTION 'Type your e-mail address to delete your account' USING ERRCODE = '22023';
  END IF;

  DELETE FROM auth.users WHERE id = caller;
END
$$;

REVOKE ALL ON FUNCTION public.delete_my_account(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.delete_my_account(text) TO authenticated;
