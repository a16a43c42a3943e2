import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  addRecoveryCodeFactor,
  findFactors,
  hasVerifiedAuthenticator,
  type FactorRow,
} from './accounts/factors.ts';
import {
  countRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from './accounts/recovery-code-set.ts';
import { lockUser } from './accounts/users.ts';
import { requireRecentProof } from './accounts/password-proof.ts';
import { recoveryCodesChangedNotice } from './email/mail-messages.ts';
import { sendNotice } from './email/notices.ts';
import { clearSecondFactorFailures, countSecondFactorAttempt } from './accounts/login-throttle.ts';
import { raiseToSecondFactor, sessionAssurance } from './sessions/assurance.ts';
import { authenticateAuthRequest, type Authenticated } from './sessions/authenticate.ts';
import { reissueSession, type SessionJson } from './sessions/session-tokens.ts';
import { forbidden, unprocessable } from './request/errors.ts';
import { readParams } from './request/params.ts';

// One-time recovery codes under /factors/recovery-codes, as supabase-js's
// auth.mfa.recoveryCodes calls them: someone who lost their phone signs in
// with one of ten codes they saved when they turned two-step sign-in on.
// Each code is used once; the set is a factor of its own, never the only one.

const DEFAULT_NAME = 'Recovery codes';

const bodyOf = (request: FastifyRequest) =>
  typeof request.body === 'string' && request.body.trim() !== '' ? request.body : '{}';
const notFound = () =>
  unprocessable('mfa_factor_not_found', 'No recovery codes have been generated');

export interface RecoveryCodeSet {
  id: string;
  type: 'recovery_code';
  friendly_name: string;
  total: number;
  codes: string[];
}

function recoveryFactor(factors: FactorRow[]): FactorRow | undefined {
  return factors.find((f) => f.factor_type === 'recovery_code');
}

/**
 * A new set of codes makes the owner's saved ones stop working: like adding
 * an authenticator, it needs aal2 and a sign-in within 15 minutes, not a
 * token of any age (ADR 088). GoTrue asks for aal2 only.
 */
async function requireCodeChangeProof(ctx: AppContext, auth: Authenticated): Promise<void> {
  if ((await sessionAssurance(ctx.db, auth.sessionId)) !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to manage recovery codes');
  }
  await requireRecentProof(
    ctx.db,
    ctx.config.rateLimits.loginFailures,
    auth.user,
    auth.sessionId,
    undefined,
    'MFA factor',
  );
}

/** Tells the account's address that its recovery codes were made or replaced, as for an authenticator. */
function tellOwner(
  ctx: AppContext,
  request: FastifyRequest,
  auth: Authenticated,
  change: 'made' | 'replaced',
) {
  if (ctx.mail && auth.user.email) {
    sendNotice(ctx.mail, request.log, recoveryCodesChangedNotice(auth.user.email, change));
  }
}

export async function generateRecoveryCodes(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<RecoveryCodeSet> {
  const auth = await authenticateAuthRequest(ctx, request);
  const params = readParams(bodyOf(request), { friendly_name: 'string' });
  await requireCodeChangeProof(ctx, auth);
  const name = (params.friendly_name ?? '').trim().slice(0, 100) || DEFAULT_NAME;
  const made = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, auth.user.id);
    const factors = await findFactors(tx, auth.user.id);
    if (!hasVerifiedAuthenticator(factors)) {
      throw unprocessable(
        'mfa_recovery_codes_sole_factor',
        'Recovery codes need another verified factor first',
      );
    }
    if (recoveryFactor(factors)) {
      throw unprocessable(
        'mfa_verified_factor_exists',
        'Recovery codes already exist; regenerate them to replace them',
      );
    }
    const id = randomUUID();
    await addRecoveryCodeFactor(tx, id, auth.user.id, name);
    const codes = await replaceRecoveryCodes(tx, id);
    return { id, type: 'recovery_code' as const, friendly_name: name, total: codes.length, codes };
  });
  tellOwner(ctx, request, auth, 'made');
  return made;
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<RecoveryCodeSet> {
  const auth = await authenticateAuthRequest(ctx, request);
  await requireCodeChangeProof(ctx, auth);
  const replaced = await ctx.db.transaction(async (tx) => {
    const factor = recoveryFactor(await findFactors(tx, auth.user.id));
    if (!factor) throw notFound();
    const codes = await replaceRecoveryCodes(tx, factor.id);
    await clearSecondFactorFailures(tx, auth.user.id);
    return {
      id: factor.id,
      type: 'recovery_code' as const,
      friendly_name: factor.friendly_name ?? DEFAULT_NAME,
      total: codes.length,
      codes,
    };
  });
  tellOwner(ctx, request, auth, 'replaced');
  return replaced;
}

export async function recoveryCodesStatus(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ id: string; type: 'recovery_code'; total: number; remaining: number }> {
  const { user } = await authenticateAuthRequest(ctx, request);
  const factor = recoveryFactor(await findFactors(ctx.db, user.id));
  if (!factor) throw notFound();
  const counts = await countRecoveryCodes(ctx.db, factor.id);
  return { id: factor.id, type: 'recovery_code', ...counts };
}

export async function verifyRecoveryCode(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionJson> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const params = readParams(bodyOf(request), { code: 'string' });
  if (!sessionId) throw forbidden('session_not_found', 'A session is needed to verify a code');
  await countSecondFactorAttempt(ctx.db, user.id, ctx.config.rateLimits.loginFailures);
  const session = await ctx.db.transaction(async (tx) => {
    const factor = recoveryFactor(await findFactors(tx, user.id));
    if (!factor) return undefined;
    if (!(await spendRecoveryCode(tx, factor.id, params.code ?? ''))) return undefined;
    await raiseToSecondFactor(tx, user.id, sessionId, 'mfa/recovery_code');
    return reissueSession(ctx, tx, user.id, sessionId);
  });
  if (!session) throw unprocessable('mfa_verification_failed', 'Invalid recovery code');
  await clearSecondFactorFailures(ctx.db, user.id);
  return session;
}
