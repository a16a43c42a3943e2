-- Deletes the caller's account: the auth.users row, and through its foreign
-- keys (ON DELETE CASCADE, on our auth schema as on Supabase's) every
-- identity, session, refresh token and entry. Hosted Supabase offers users no
-- endpoint to delete themselves, so this function is the one way on both.
-- It runs as its owner (who may delete from auth.users) and therefore checks
-- everything itself:
-- - every account must have signed in within the last five minutes with a
--   first factor: a password, Google (oauth), or an e-mail link (otp,
--   magiclink, recovery, email/signup, invite). The app signs in again first,
--   so a stolen or long-lived token alone cannot close it. Neither a second
--   factor proven in an old session (totp, a recovery code: a stolen token can
--   add one and prove it) nor a change-of-address link (it proves only the
--   new mailbox) counts (ADR 064);
-- - an account without a password (Google only) must also name its e-mail
--   address, which is in the token's own claims and so proves nothing alone.
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

  -- Someone who turned on two-step sign-in closes the account only from a
  -- session that used it: a stolen password is not enough (ADR 032).
  IF NOT journal_private.second_factor_satisfied() THEN
    RAISE EXCEPTION 'Use your authenticator app to delete your account' USING ERRCODE = '42501';
  END IF;

  IF NOT account.has_password
     AND (confirmation IS NULL OR lower(btrim(confirmation)) IS DISTINCT FROM lower(account.email)) THEN
    RAISE EXCEPTION 'Type your e-mail address to delete your account' USING ERRCODE = '22023';
  END IF;

  SELECT max((m ->> 'timestamp')::double precision) INTO signed_in_at
  FROM jsonb_array_elements(
    CASE WHEN jsonb_typeof(claims -> 'amr') = 'array' THEN claims -> 'amr' ELSE '[]' END
  ) AS amr (m)
  WHERE jsonb_typeof(m -> 'timestamp') = 'number'
    AND m ->> 'method' IN ('password', 'oauth', 'otp', 'magiclink', 'recovery', 'email/signup', 'invite');
  IF signed_in_at IS NULL OR signed_in_at < extract(epoch FROM now()) - 300 THEN
    RAISE EXCEPTION 'Sign in again to delete your account'
      USING ERRCODE = '42501',
            HINT = 'Deleting an account needs a sign-in within the last 5 minutes.';
  END IF;

  DELETE FROM auth.users WHERE id = caller;
END
$$;

REVOKE ALL ON FUNCTION public.delete_my_account(text) FROM PUBLIC, anon, authenticated;
GRANT EXECUTE ON FUNCTION public.delete_my_account(text) TO authenticated;
