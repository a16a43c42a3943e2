-- The implicit Google flow ends with tokens in the browser that finishes it,
-- so it must be the browser that started it (login CSRF, docs/decisions/012):
-- /authorize sets a random cookie and keeps only its hash here.
ALTER TABLE auth.flow_state ADD COLUMN browser_binding_hash text;
