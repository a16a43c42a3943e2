import type { Queryable } from '../../db/database.ts';

// Challenges of an authenticator (auth.mfa_challenges), as GoTrue's
// Challenge: the app asks for one, then answers it with a code once, within
// a few minutes.

/** How long a challenge can be answered (GoTrue: MFA_CHALLENGE_EXPIRY_DURATION). */
const CHALLENGE_SECONDS = 300;
/**
 * Unanswered challenges a factor keeps: a sign-in needs one, a retry or two
 * tabs a few more. Older ones are forgotten, so that asking again and again
 * grows nothing (GoTrue keeps every challenge for a day).
 */
export const OPEN_CHALLENGES_PER_FACTOR = 5;

/**
 * A new challenge of the factor, and when it stops being answerable (Unix
 * seconds). The person's expired and answered challenges go, and the
 * factor's oldest open ones beyond the few it keeps.
 */
export async function createChallenge(
  tx: Queryable,
  challengeId: string,
  factor: { id: string; userId: string },
  ip: string,
): Promise<{ expiresAt: number }> {
  // First, so that the factor's row lock makes two challenges of it take turns.
  await tx.query(`UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1`, [
    factor.id,
  ]);
  await tx.query(
    `DELETE FROM auth.mfa_challenges c USING auth.mfa_factors f
      WHERE c.factor_id = f.id AND f.user_id = $1
        AND (c.verified_at IS NOT NULL OR c.created_at + make_interval(secs => $2) < now())`,
    [factor.userId, CHALLENGE_SECONDS],
  );
  await tx.query(
    `DELETE FROM auth.mfa_challenges
      WHERE factor_id = $1
        AND id NOT IN (SELECT id FROM auth.mfa_challenges WHERE factor_id = $1
                        ORDER BY created_at DESC LIMIT $2)`,
    [factor.id, OPEN_CHALLENGES_PER_FACTOR - 1],
  );
  const { rows } = await tx.query<{ expires_at: number }>(
    `INSERT INTO auth.mfa_challenges (id, factor_id, ip_address) VALUES ($1, $2, $3)
     RETURNING floor(extract(epoch FROM created_at))::bigint + $4 AS expires_at`,
    [challengeId, factor.id, ip, CHALLENGE_SECONDS],
  );
  return { expiresAt: Number(rows[0]!.expires_at) };
}

/**
 * Expired challenges of everyone: those of a person who never asks again
 * would otherwise stay. Cheap enough to run now and then from a request.
 */
export async function sweepExpiredChallenges(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM auth.mfa_challenges WHERE created_at + make_interval(secs => $1) < now()`,
    [CHALLENGE_SECONDS],
  );
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
