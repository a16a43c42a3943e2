-- How each session was authenticated, for the `amr` claim of its access
-- tokens (GoTrue keeps the same in auth.mfa_amr_claims). Refreshed tokens keep
-- the method and time of the original sign-in, as GoTrue's do.
CREATE TABLE auth.mfa_amr_claims (
  id uuid PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  authentication_method text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (session_id, authentication_method)
);
