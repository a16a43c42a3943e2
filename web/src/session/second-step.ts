import type { Session, User } from '@supabase/supabase-js';

// Two-step sign-in as the app sees it: a person with a verified
// authenticator is signed in only once their session is aal2. Read from the
// session supabase-js holds (the access token's claim and the user's
// factors), so deciding costs no request.

/** The verified authenticator-app factor of a user (or a session's user), if any. */
export function verifiedAuthenticator(who: Session | User | null) {
  const user = who && 'access_token' in who ? who.user : who;
  return user?.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
}

/**
 * Whether the user has recovery codes: a verified factor of their own type
 * in the user's factors. Hosted Supabase makes them only where a project
 * enabled them, so the second step offers one only then.
 */
export function hasRecoveryCodes(who: Session | User | null): boolean {
  const user = who && 'access_token' in who ? who.user : who;
  return (user?.factors ?? []).some(
    (f) => (f.factor_type as string) === 'recovery_code' && f.status === 'verified',
  );
}

function assuranceLevel(accessToken: string): string | undefined {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this session still has to give a code before the journal opens. */
export function needsSecondStep(session: Session | null): boolean {
  if (!session || !verifiedAuthenticator(session)) return false;
  return assuranceLevel(session.access_token) !== 'aal2';
}
