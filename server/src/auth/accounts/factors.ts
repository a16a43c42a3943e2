import type { Queryable } from '../../db/database.ts';

// The rows of auth.mfa_factors and their JSON in a user (GoTrue's Factor):
// everything an endpoint needs to read or change a second factor.

export type FactorType = 'totp' | 'recovery_code';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: 'unverified' | 'verified';
  secret: string | null;
  last_used_step: string | null;
  last_challenged_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: FactorType;
  status: 'unverified' | 'verified';
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type, status, secret,
  last_used_step::text AS last_used_step, last_challenged_at, created_at, updated_at`;

export async function findFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `SELECT ${FACTOR_COLUMNS} FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/** One of the person's own factors; another person's is as absent as none. */
export async function findOwnFactor(
  db: Queryable,
  userId: string,
  factorId: string,
): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(
    `SELECT ${FACTOR_COLUMNS} FROM auth.mfa_factors WHERE id = $1 AND user_id = $2 FOR UPDATE`,
    [factorId, userId],
  );
  return rows[0];
}

/**
 * Setting up again after giving up half-way replaces the unused attempt: an
 * unverified authenticator of the same name, or any older than an hour.
 */
export async function removeAbandonedTotp(
  tx: Queryable,
  userId: string,
  friendlyName: string | null,
): Promise<void> {
  await tx.query(
    `DELETE FROM auth.mfa_factors
      WHERE user_id = $1 AND factor_type = 'totp' AND status = 'unverified'
        AND (friendly_name IS NOT DISTINCT FROM $2 OR created_at < now() - interval '1 hour')`,
    [userId, friendlyName],
  );
}

export interface NewTotp {
  id: string;
  userId: string;
  friendlyName: string | null;
  secret: string;
}

/** An authenticator being set up: unverified until its first code is proven. */
export async function addTotp(tx: Queryable, totp: NewTotp): Promise<void> {
  await tx.query(
    `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     VALUES ($1, $2, $3, 'totp', 'unverified', $4)`,
    [totp.id, totp.userId, totp.friendlyName, totp.secret],
  );
}

/**
 * A code was proven: the authenticator is verified, and the time step of
 * that code is spent, so that the same code cannot be used twice.
 */
export async function recordTotpUse(tx: Queryable, factorId: string, step: number): Promise<void> {
  await tx.query(
    `UPDATE auth.mfa_factors SET status = 'verified', last_used_step = $2, updated_at = now()
      WHERE id = $1`,
    [factorId, step],
  );
}

/** A set of recovery codes is one factor, verified from the start (codes: recovery-code-set.ts). */
export async function addRecoveryCodeFactor(
  tx: Queryable,
  id: string,
  userId: string,
  friendlyName: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth.mfa_factors (id, user_id, friendly_name, factor_type, status)
     VALUES ($1, $2, $3, 'recovery_code', 'verified')`,
    [id, userId, friendlyName],
  );
}

/** A factor goes, with its challenges and codes (ON DELETE CASCADE). */
export async function removeFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(`DELETE FROM auth.mfa_factors WHERE id = $1`, [factorId]);
}

/** Recovery codes recover an authenticator; without one they are not a factor. */
export async function removeRecoveryCodeFactors(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `DELETE FROM auth.mfa_factors WHERE user_id = $1 AND factor_type = 'recovery_code'`,
    [userId],
  );
}

/** Every factor of the account (authenticators and recovery codes); answers how many there were. */
export async function removeAllFactors(tx: Queryable, userId: string): Promise<number> {
  const { rowCount } = await tx.query(`DELETE FROM auth.mfa_factors WHERE user_id = $1`, [userId]);
  return rowCount;
}

/** Whether signing in needs a second step: the person has a verified authenticator. */
export function hasVerifiedAuthenticator(factors: FactorRow[]): boolean {
  return factors.some((f) => f.factor_type === 'totp' && f.status === 'verified');
}

export function factorJson(factor: FactorRow): FactorJson {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? undefined,
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: factor.last_challenged_at?.toISOString(),
  };
}
