-- An e-mail link of a PKCE flow names that flow (docs/decisions/011). /verify
-- used to pick the person's newest flow of the link's kind, which may be one
-- another client started (and holds the verifier of) after this link was
-- made. A swept flow leaves the link without one, and /verify refuses it.
ALTER TABLE auth.one_time_tokens
  ADD COLUMN flow_state_id uuid REFERENCES auth.flow_state (id) ON DELETE SET NULL;
CREATE INDEX one_time_tokens_flow_state_id_idx ON auth.one_time_tokens (flow_state_id);
