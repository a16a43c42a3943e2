-- Two-step sign-in (docs/decisions/032): an authenticator app's TOTP codes and one-time
-- recovery codes, as GoTrue keeps them in auth.mfa_factors and
-- auth.mfa_challenges. A session proven with a second factor is `aal2`
-- (auth.sessions.aal), which its access tokens carry.
CREATE TABLE auth.mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type text NOT NULL CHECK (factor_type IN ('totp', 'recovery_code')),
  status text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
  -- The TOTP secret (base32). The server must read it to check a code, so it
  -- is not hashed; it never leaves the server after enrolment.
  secret text,
  -- The newest 30-second step a code was accepted for: a code is used once.
  last_used_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, friendly_name)
);
CREATE INDEX mfa_factors_user_id_idx ON auth.mfa_factors (user_id);

CREATE TABLE auth.mfa_challenges (
  id uuid PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz,
  ip_address text
);
CREATE INDEX mfa_challenges_factor_id_idx ON auth.mfa_challenges (factor_id);

-- A recovery-code factor's codes, each stored as a SHA-256 (they are long
-- random strings, so a fast hash suffices) and usable once.
CREATE TABLE auth.mfa_recovery_codes (
  id uuid PRIMARY KEY,
  factor_id uuid NOT NULL REFERENCES auth.mfa_factors (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mfa_recovery_codes_factor_id_idx ON auth.mfa_recovery_codes (factor_id);
