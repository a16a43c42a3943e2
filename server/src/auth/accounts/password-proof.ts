import type { Database, Queryable } from '../../db/database.ts';
import { badRequest } from '../request/errors.ts';
import { clearLoginFailures, countLoginAttempt, type LoginThrottle } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { UserRow } from './users.ts';

// What PUT /user asks before it changes a password or an e-mail address,
// and /factors before it adds or removes an authenticator: an access token
// alone may be stolen and stays valid for an hour, so it must come with proof
// that the person is here now. As hosted Supabase's secure password change:
// the current password, or a sign-in this recent (a password, a Google round
// trip, or an e-mail link such as a recovery link). ADR 023, ADR 064.

/** How long after a sign-in its session may change the password without the current one. */
export const RECENT_SIGN_IN_SECONDS = 15 * 60;

export async function requireRecentProof(
  db: Database,
  limits: LoginThrottle,
  user: UserRow,
  sessionId: string | undefined,
  currentPassword: string | undefined,
  change: 'Password' | 'Email' | 'MFA factor' = 'Password',
): Promise<void> {
  if (currentPassword !== undefined && currentPassword !== '') {
    // A guess like a sign-in's, so it spends the same per-account allowance:
    // otherwise this would answer guesses while sign-in is refused.
    const address = user.email ?? user.id;
    await countLoginAttempt(db, address, limits);
    // Spends a full verification even for an account without a password.
    if (await verifyPassword(user.encrypted_password, currentPassword)) {
      await clearLoginFailures(db, address);
      return;
    }
    throw badRequest('invalid_credentials', 'Current password is incorrect');
  }
  if (sessionId !== undefined && (await signedInWithin(db, sessionId, RECENT_SIGN_IN_SECONDS))) {
    return;
  }
  throw badRequest('reauthentication_needed', `${change} update requires reauthentication`);
}

async function signedInWithin(db: Queryable, sessionId: string, seconds: number): Promise<boolean> {
  // A refresh keeps created_at: only a real sign-in starts a session. The
  // session a change-of-address link starts proves only the new mailbox,
  // which whoever asked for the change reads: it is no sign-in of the owner.
  const { rows } = await db.query(
    `SELECT 1 FROM auth.sessions s
      WHERE s.id = $1 AND s.created_at > now() - make_interval(secs => $2)
        AND NOT EXISTS (SELECT 1 FROM auth.mfa_amr_claims c
                         WHERE c.session_id = s.id AND c.authentication_method = 'email_change')`,
    [sessionId, seconds],
  );
  return rows.length > 0;
}
