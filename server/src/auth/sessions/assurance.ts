import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { endSessions } from '../accounts/end-sessions.ts';
import { findFactors, hasVerifiedAuthenticator } from '../accounts/factors.ts';
import { forbidden } from '../request/errors.ts';
import type { AuthenticationMethod } from './session-tokens.ts';

// Authenticator assurance levels (NIST 800-63B as GoTrue uses them): a
// session is aal1 after one proof (a password, Google, an e-mail link) and
// aal2 once a second factor has been proven in it. A person with an
// authenticator needs aal2 for their journal (row-level security) and for
// every change to the account, so that a password alone is not an account.

export type AssuranceLevel = 'aal1' | 'aal2';

export async function sessionAssurance(
  db: Queryable,
  sessionId: string | undefined,
): Promise<AssuranceLevel> {
  if (!sessionId) return 'aal1';
  const { rows } = await db.query<{ aal: AssuranceLevel }>(
    `SELECT aal FROM auth.sessions WHERE id = $1`,
    [sessionId],
  );
  return rows[0]?.aal ?? 'aal1';
}

/** Refuses with insufficient_aal when the person has an authenticator and this session has not used it. */
export async function requireSecondFactorIfEnrolled(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  message: string,
): Promise<void> {
  if (!hasVerifiedAuthenticator(await findFactors(db, userId))) return;
  if ((await sessionAssurance(db, sessionId)) === 'aal2') return;
  throw forbidden('insufficient_aal', message);
}

/**
 * Raises the session to aal2 after a second factor was proven in it, names
 * the method in its amr, and ends the person's other sessions that have not
 * proven one (GoTrue does the same): a session an attacker opened with a
 * stolen password must not outlive the owner turning on, or using, the factor.
 */
export async function raiseToSecondFactor(
  tx: Queryable,
  userId: string,
  sessionId: string,
  method: Extract<AuthenticationMethod, 'totp' | 'mfa/recovery_code'>,
): Promise<void> {
  await tx.query(`UPDATE auth.sessions SET aal = 'aal2', updated_at = now() WHERE id = $1`, [
    sessionId,
  ]);
  await tx.query(
    `INSERT INTO auth.mfa_amr_claims (id, session_id, authentication_method) VALUES ($1, $2, $3)
     ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
  await endSessions(tx, userId, { except: sessionId, belowSecondFactor: true });
}

/** After the last authenticator is removed, no session stands above one proof. */
export async function lowerSessionsToOneFactor(tx: Queryable, userId: string): Promise<void> {
  await tx.query(`UPDATE auth.sessions SET aal = 'aal1', updated_at = now() WHERE user_id = $1`, [
    userId,
  ]);
}
