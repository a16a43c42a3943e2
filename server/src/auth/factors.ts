import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import {
  addTotp,
  findFactors,
  findOwnFactor,
  hasVerifiedAuthenticator,
  recordTotpUse,
  removeAbandonedTotp,
  removeFactor,
  removeRecoveryCodeFactors,
} from './accounts/factors.ts';
import {
  createChallenge,
  lockChallenge,
  markChallengeAnswered,
  sweepExpiredChallenges,
} from './accounts/factor-challenges.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import { lockUser } from './accounts/users.ts';
import { clearSecondFactorFailures, countSecondFactorAttempt } from './accounts/login-throttle.ts';
import { matchTotpCode, newTotpSecret, totpUri } from './accounts/totp.ts';
import {
  lowerSessionsToOneFactor,
  raiseToSecondFactor,
  requireSecondFactorIfEnrolled,
  sessionAssurance,
} from './sessions/assurance.ts';
import { authenticateAuthRequest } from './sessions/authenticate.ts';
import { reissueSession, type SessionJson } from './sessions/session-tokens.ts';
import { AuthApiError, badRequest, forbidden, unprocessable } from './request/errors.ts';
import { readParams } from './request/params.ts';
import { requireRecentProof } from './accounts/password-proof.ts';
import type { UserRow } from './accounts/users.ts';
import { authenticatorChangedNotice } from './email/mail-messages.ts';
import { sendNotice } from './email/notices.ts';

// Authenticator-app factors under /factors, after GoTrue's internal/api/mfa.go,
// as supabase-js's auth.mfa calls them: enroll, challenge, verify, unenroll.
// Only TOTP is offered (phone and WebAuthn answer "not enabled").

/** GoTrue's default: more factors than this are a mistake or an attack. */
const MAX_FACTORS = 10;
const ISSUER = 'Energy Tracker';

/**
 * An authenticator decides who can use the account: a stolen token that
 * added one could lock the owner out. So adding or removing one needs what a
 * password change needs, a sign-in within 15 minutes (ADR 023, ADR 064);
 * supabase-js's enroll and unenroll carry no current password, so the app
 * signs in again first. GoTrue asks only for aal2.
 */
async function requireFactorChangeProof(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | undefined,
): Promise<void> {
  await requireRecentProof(
    ctx.db,
    ctx.config.rateLimits.loginFailures,
    user,
    sessionId,
    undefined,
    'MFA factor',
  );
}

/** Tells the account's address that an authenticator now guards it, or no longer does. */
function tellOwner(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  change: 'added' | 'removed',
) {
  if (ctx.mail && user.email) {
    sendNotice(ctx.mail, request.log, authenticatorChangedNotice(user.email, change));
  }
}

const factorNotFound = () => new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
const bodyOf = (request: FastifyRequest) =>
  typeof request.body === 'string' && request.body.trim() !== '' ? request.body : '{}';
const factorIdOf = (request: FastifyRequest) =>
  (request.params as { factorId?: string }).factorId ?? '';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface EnrolledTotp {
  id: string;
  type: 'totp';
  friendly_name: string;
  totp: { qr_code: string; secret: string; uri: string };
}

export async function enrollFactor(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<EnrolledTotp> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const params = readParams(bodyOf(request), {
    factor_type: 'string',
    friendly_name: 'string',
    issuer: 'string',
  });
  if (params.factor_type === 'phone') {
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (params.factor_type === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (params.factor_type !== 'totp') {
    throw badRequest('validation_failed', 'factor_type needs to be totp');
  }
  const friendlyName = (params.friendly_name ?? '').trim();
  if (friendlyName.length > 100) {
    throw badRequest('validation_failed', 'friendly_name must be at most 100 characters');
  }
  const issuer = (params.issuer ?? '').trim() || ISSUER;
  if (issuer.length > 100 || issuer.includes(':')) {
    throw badRequest('validation_failed', 'issuer must be at most 100 characters, without ":"');
  }
  // A second authenticator may only be added by someone who proved the first.
  await requireSecondFactorIfEnrolled(
    ctx.db,
    user.id,
    sessionId,
    'AAL2 required to enroll a new factor',
  );
  await requireFactorChangeProof(ctx, user, sessionId);

  const secret = newTotpSecret();
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await removeAbandonedTotp(tx, user.id, friendlyName || null);
    const factors = await findFactors(tx, user.id);
    if (factors.length >= MAX_FACTORS) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    await addTotp(tx, { id, userId: user.id, friendlyName: friendlyName || null, secret });
  });
  const uri = totpUri(secret, issuer, user.email ?? user.id);
  // Loaded when a factor is first enrolled, not at every start (docs/decisions/099).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: svg, secret, uri } };
}

export async function challengeFactor(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ id: string; type: 'totp'; expires_at: number }> {
  // Each challenge is a synced write: bounded per address and per person
  // (docs/security-bounds.md), where GoTrue bounds only the address.
  const limit = ctx.config.rateLimits.factorChallengesPer5Min;
  await enforceRateLimit(ctx.db, 'challenge', request.ip, limit);
  const { user } = await authenticateAuthRequest(ctx, request);
  await enforceRateLimit(ctx.db, 'challenge-person', user.id, limit);
  const factorId = factorIdOf(request);
  if (!UUID.test(factorId)) throw factorNotFound();
  // Now and then, as the rate limits sweep their windows (request/rate-limit.ts).
  if (Math.random() < 0.01) await sweepExpiredChallenges(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    if (!factor || factor.factor_type !== 'totp') throw factorNotFound();
    const id = randomUUID();
    const { expiresAt } = await createChallenge(
      tx,
      id,
      { id: factor.id, userId: user.id },
      request.ip,
    );
    return { id, type: 'totp' as const, expires_at: expiresAt };
  });
}

export async function verifyFactor(ctx: AppContext, request: FastifyRequest): Promise<SessionJson> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const params = readParams(bodyOf(request), { challenge_id: 'string', code: 'string' });
  const factorId = factorIdOf(request);
  if (!UUID.test(factorId)) throw factorNotFound();
  if (!sessionId) throw forbidden('session_not_found', 'A session is needed to verify a factor');
  const challengeId = params.challenge_id ?? '';
  if (!UUID.test(challengeId)) {
    throw unprocessable(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    );
  }
  // Counted before the code is read, like a password guess (ADR 025).
  await countSecondFactorAttempt(ctx.db, user.id, ctx.config.rateLimits.loginFailures);
  const session = await ctx.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    if (!factor || factor.factor_type !== 'totp' || !factor.secret) throw factorNotFound();
    const challenge = await lockChallenge(tx, challengeId, factor.id);
    if (!challenge || challenge.verified) {
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    if (challenge.expired) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const usedStep = factor.last_used_step === null ? null : Number(factor.last_used_step);
    const step = matchTotpCode(factor.secret, (params.code ?? '').trim(), usedStep);
    if (step === undefined) return undefined;
    await markChallengeAnswered(tx, challengeId);
    await recordTotpUse(tx, factor.id, step);
    await raiseToSecondFactor(tx, user.id, sessionId, 'totp');
    const reissued = await reissueSession(ctx, tx, user.id, sessionId);
    return { reissued, turnedOn: factor.status === 'unverified' };
  });
  if (!session) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  await clearSecondFactorFailures(ctx.db, user.id);
  // The first code proves the app and turns the factor on: that is when it is added.
  if (session.turnedOn) tellOwner(ctx, request, user, 'added');
  return session.reissued;
}

export async function unenrollFactor(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ id: string }> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const factorId = factorIdOf(request);
  if (!UUID.test(factorId)) throw factorNotFound();
  // A factor never verified guards nothing: removing it (an abandoned setup)
  // needs no more than the session. A verified one needs aal2 and the proof.
  const seen = await findOwnFactor(ctx.db, user.id, factorId);
  if (!seen) throw factorNotFound();
  const insufficientAal = () =>
    forbidden('insufficient_aal', 'AAL2 required to unenroll verified factor');
  if (seen.status === 'verified') {
    if ((await sessionAssurance(ctx.db, sessionId)) !== 'aal2') throw insufficientAal();
    await requireFactorChangeProof(ctx, user, sessionId);
  }
  const removedVerified = await ctx.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    if (!factor) throw factorNotFound();
    // Verified since it was checked above: the checks did not cover it.
    if (factor.status === 'verified' && seen.status !== 'verified') throw insufficientAal();
    await removeFactor(tx, factor.id);
    const left = await findFactors(tx, user.id);
    if (!hasVerifiedAuthenticator(left)) {
      await removeRecoveryCodeFactors(tx, user.id);
      await lowerSessionsToOneFactor(tx, user.id);
    }
    return factor.status === 'verified';
  });
  if (removedVerified) tellOwner(ctx, request, user, 'removed');
  return { id: factorId };
}
