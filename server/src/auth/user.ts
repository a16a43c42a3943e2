import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { authenticateAuthRequest } from './sessions/authenticate.ts';
import { badRequest, forbidden, unprocessable } from './request/errors.ts';
import { requestEmailChange } from './email/email-change.ts';
import { passwordChangedNotice } from './email/mail-messages.ts';
import { assertMetadataFits, metadataBytes } from './accounts/metadata-size.ts';
import { sendNotice } from './email/notices.ts';
import { queryValue, readParams, validateEmail } from './request/params.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './accounts/passwords.ts';
import { requireRecentProof } from './accounts/password-proof.ts';
import { setPassword } from './accounts/set-password.ts';
import { requireSecondFactorIfEnrolled } from './sessions/assurance.ts';
import { clearOneTimeTokens } from './accounts/one-time-tokens.ts';
import { changeAddress } from './accounts/change-address.ts';
import { confirmAddress } from './accounts/confirm-address.ts';
import { setEmailIdentityAddress } from './accounts/email-identity.ts';
import { mergeUserMetadata } from './accounts/user-metadata.ts';
import { readPkceChallenge } from './oauth/pkce.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import { safeRedirectTo } from './oauth/redirects.ts';
import { isAddressTaken } from './accounts/address-taken.ts';
import { findUserById, loadUserJson, type UserJson } from './accounts/users.ts';

// GET and PUT /user, after GoTrue's internal/api/user.go.

const AUDIENCE = 'authenticated';

export async function getUser(ctx: AppContext, request: FastifyRequest): Promise<UserJson> {
  const { claims, user } = await authenticateAuthRequest(ctx, request);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== AUDIENCE) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  return loadUserJson(ctx.db, user);
}

const UPDATE_FIELDS = {
  email: 'string',
  password: 'string',
  current_password: 'string',
  nonce: 'string',
  data: 'object',
  app_metadata: 'object',
  phone: 'string',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

export async function updateUser(ctx: AppContext, request: FastifyRequest): Promise<UserJson> {
  const { user, sessionId } = await authenticateAuthRequest(ctx, request);
  const params = readParams(request.body, UPDATE_FIELDS);

  const email = params.email ? validateEmail(params.email) : undefined;
  if (params.phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  // `password: ""` is a (too short) new password; only null/absent means "keep".
  const password = params.password;
  if (password !== undefined) checkPasswordStrength(password);
  if (params.app_metadata) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }

  // Whether another account has the new address is not looked up here: the
  // answer would tell any caller, proof or not, who has an account (ADR 065).
  // With mail on, a taken address goes through the same links as a free one
  // and is refused only when the last link would apply it, to whoever holds
  // that mailbox; with mail off, the change applies at once, so the database
  // refuses it, after the proof and the rate limit below.
  const emailChange =
    email !== undefined && email !== user.email?.toLowerCase() ? email : undefined;
  // With an authenticator turned on, a password alone must not change what
  // proves the account, nor what rides in its every token: only a session
  // that used the authenticator may (ADR 065). GoTrue asks aal2 for the
  // address and password only.
  if (password !== undefined || emailChange || params.data) {
    await requireSecondFactorIfEnrolled(
      ctx.db,
      user.id,
      sessionId,
      'AAL2 session is required to update email, password or user data when MFA is enabled.',
    );
  }

  // A new address needs the same proof as a new password, with or without
  // mail: otherwise a stolen token could move the account to an address the
  // thief reads, and take it over from there (docs/decisions/023).
  const applyEmailNow = ctx.mail ? undefined : emailChange;
  let passwordHash: string | undefined;
  if (password !== undefined || emailChange !== undefined) {
    // Deliberately slow hashes, and both the current password and
    // "same_password" answer whether a guess is right: count it like a sign-in.
    await enforceRateLimit(ctx.db, 'token', request.ip, ctx.config.rateLimits.tokenPer5Min);
    await requireRecentProof(
      ctx.db,
      ctx.config.rateLimits.loginFailures,
      user,
      sessionId,
      params.current_password,
      password !== undefined ? 'Password' : 'Email',
    );
  }
  if (password !== undefined) {
    if (user.encrypted_password && (await verifyPassword(user.encrypted_password, password))) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      );
    }
    passwordHash = await hashPassword(password);
  }

  // With SMTP a new address waits for the links sent to it and to the
  // current address (ADR 011, ADR 023). The links
  // goes out before anything else changes, so that a refused or failed send
  // leaves the account as it was.
  if (emailChange && ctx.mail) {
    const pkce = readPkceChallenge(params.code_challenge ?? '', params.code_challenge_method ?? '');
    const redirectTo = safeRedirectTo(ctx, request, queryValue(request.query, 'redirect_to'));
    await requestEmailChange(ctx, ctx.mail, request, user, emailChange, pkce, redirectTo);
  }

  try {
    await ctx.db.transaction(async (tx) => {
      // Keeps only the session that made the change.
      if (passwordHash !== undefined) await setPassword(tx, user.id, passwordHash, sessionId);
      if (params.data) {
        // The merged result is what tokens will carry: bound it, and roll
        // back the whole update (a new password included) when it is too big.
        assertMetadataFits(metadataBytes(params.data));
        assertMetadataFits(await mergeUserMetadata(tx, user.id, params.data));
      }
      if (applyEmailNow) await takeAddressWithoutLink(tx, user.id, applyEmailNow);
    });
  } catch (err) {
    if (isAddressTaken(err)) throw emailExists();
    throw err;
  }

  if (passwordHash !== undefined && ctx.mail && user.email) {
    sendNotice(ctx.mail, request.log, passwordChangedNotice(user.email));
  }

  const updated = await findUserById(ctx.db, user.id);
  if (!updated) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  return loadUserJson(ctx.db, updated);
}

/**
 * Without SMTP no link could ever arrive, so the new address is taken as
 * confirmed, the same rule that confirms sign-ups (ADR 007); the e-mail
 * identity says it was never proven, so Google will not link to it.
 */
async function takeAddressWithoutLink(tx: Queryable, userId: string, email: string): Promise<void> {
  await changeAddress(tx, userId, email);
  await confirmAddress(tx, userId);
  await setEmailIdentityAddress(tx, userId, email, false);
  // A link mailed to the old address must not act on the account now.
  await clearOneTimeTokens(tx, userId);
}
