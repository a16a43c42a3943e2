-- Google sign-in and e-mail confirmation (docs/decisions/011, 012).

-- A flow without PKCE (supabase-js's implicit flow) has no challenge and no
-- auth code; GoTrue's flow_state allows the same.
ALTER TABLE auth.flow_state ALTER COLUMN code_challenge DROP NOT NULL;
ALTER TABLE auth.flow_state ALTER COLUMN code_challenge_method DROP NOT NULL;
-- /verify looks up the sign-up flow a confirmed user started.
CREATE INDEX flow_state_user_method_idx ON auth.flow_state (user_id, authentication_method);
-- Abandoned flows are swept by age.
CREATE INDEX flow_state_created_at_idx ON auth.flow_state (created_at);

-- A pending change of address waits here until the link sent to it is used.
ALTER TABLE auth.users ADD COLUMN email_change varchar(255);
ALTER TABLE auth.users ADD COLUMN email_change_sent_at timestamptz;
