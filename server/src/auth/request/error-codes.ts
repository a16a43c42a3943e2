// Every `error_code` the auth API answers with, in one list, after GoTrue's
// own constants (internal/api/errorcodes.go). supabase-js and the web app
// branch on these strings, so a new failure picks one of them or adds it
// here, on purpose.

export type AuthErrorCode =
  // The request's shape
  | 'bad_json'
  | 'validation_failed'
  | 'request_entity_too_large'
  | 'not_found'
  // Tokens and sessions
  | 'no_authorization'
  | 'bad_jwt'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  // Accounts and passwords
  | 'invalid_credentials'
  | 'user_not_found'
  | 'user_banned'
  | 'user_already_exists'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'weak_password'
  | 'same_password'
  | 'reauthentication_needed'
  | 'not_admin'
  // Providers
  | 'email_provider_disabled'
  | 'phone_provider_disabled'
  | 'provider_email_needs_verification'
  // Links, codes and redirect flows
  | 'otp_expired'
  | 'bad_code_verifier'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'flow_state_already_used'
  | 'email_send_failed'
  // Second factors
  | 'insufficient_aal'
  | 'mfa_factor_not_found'
  | 'mfa_challenge_expired'
  | 'mfa_verification_failed'
  | 'mfa_factor_name_conflict'
  | 'mfa_verified_factor_exists'
  | 'mfa_recovery_codes_sole_factor'
  | 'mfa_recovery_codes_locked'
  | 'too_many_enrolled_mfa_factors'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_webauthn_enroll_not_enabled'
  // Limits
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  // The server's disk (not in GoTrue, which leaves it to a 500)
  | 'insufficient_storage'
  // Our own bugs
  | 'unexpected_failure';
