import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

// The codes of a recovery-code factor (auth.mfa_recovery_codes). Only their
// SHA-256 is kept, so a copy of the database signs nobody in; each is used
// once.

const CODES_PER_SET = 10;
// 16 characters of a 32-letter alphabet: 80 bits, far past guessing.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** Case, spaces and dashes are how people copy codes, not part of them. */
const canonical = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newCode(): string {
  return [...randomBytes(16)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** A fresh set of codes replaces the factor's old one; the codes are shown once, here. */
export async function replaceRecoveryCodes(tx: Queryable, factorId: string): Promise<string[]> {
  await tx.query(`DELETE FROM auth.mfa_recovery_codes WHERE factor_id = $1`, [factorId]);
  const codes = Array.from({ length: CODES_PER_SET }, newCode);
  for (const code of codes) {
    await tx.query(
      `INSERT INTO auth.mfa_recovery_codes (id, factor_id, code_hash) VALUES ($1, $2, $3)`,
      [randomUUID(), factorId, hashCode(code)],
    );
  }
  return codes;
}

export async function countRecoveryCodes(
  db: Queryable,
  factorId: string,
): Promise<{ total: number; remaining: number }> {
  const { rows } = await db.query<{ total: number; remaining: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE used_at IS NULL))::int AS remaining
       FROM auth.mfa_recovery_codes WHERE factor_id = $1`,
    [factorId],
  );
  return rows[0]!;
}

/** Spends the code if it is one of the factor's unused ones; false otherwise. */
export async function spendRecoveryCode(
  tx: Queryable,
  factorId: string,
  code: string,
): Promise<boolean> {
  const used = await tx.query(
    `UPDATE auth.mfa_recovery_codes SET used_at = now()
      WHERE factor_id = $1 AND code_hash = $2 AND used_at IS NULL
      RETURNING id`,
    [factorId, hashCode(canonical(code))],
  );
  return used.rows.length > 0;
}
