import type { Queryable } from '../../db/database.ts';

// Challenges of an authenticator (auth.mfa_challenges), as GoTrue's
// Challenge: the app asks for one, then answers it with a code once, within
// a few minutes.

/** How long a challenge can be answered (GoTrue: MFA_CHALLENGE_EXPIRY_DURATION). */
const CHALLENGE_SECONDS = 300;

/** A new challenge of the factor, and when it stops being answerable (Unix seconds). */
export async function createChallenge(
  tx: Queryable,
  challengeId: string,
  factorId: string,
  ip: string,
): Promise<{ expiresAt: number }> {
  const { rows } = await tx.query<{ expires_at: number }>(
    `INSERT INTO auth.mfa_challenges (id, factor_id, ip_address) VALUES ($1, $2, $3)
     RETURNING floor(extract(epoch FROM created_at))::bigint + $4 AS expires_at`,
    [challengeId, factorId, ip, CHALLENGE_SECONDS],
  );
  await tx.query(`UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1`, [
    factorId,
  ]);
  return { expiresAt: Number(rows[0]!.expires_at) };
}

export interface ChallengeState {
  expired: boolean;
  /** Already answered: a challenge is used once. */
  verified: boolean;
}

/**
 * The factor's challenge, locked until the transaction ends so that two
 * answers to it cannot both count; undefined when there is no such challenge.
 */
export async function lockChallenge(
  tx: Queryable,
  challengeId: string,
  factorId: string,
): Promise<ChallengeState | undefined> {
  const { rows } = await tx.query<ChallengeState>(
    `SELECT created_at + make_interval(secs => $3) < now() AS expired,
            verified_at IS NOT NULL AS verified
       FROM auth.mfa_challenges WHERE id = $1 AND factor_id = $2 FOR UPDATE`,
    [challengeId, factorId, CHALLENGE_SECONDS],
  );
  return rows[0];
}

export async function markChallengeAnswered(tx: Queryable, challengeId: string): Promise<void> {
  await tx.query(`UPDATE auth.mfa_challenges SET verified_at = now() WHERE id = $1`, [challengeId]);
}
