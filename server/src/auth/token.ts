import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, INVALID_LOGIN_MESSAGE, unprocessable } from './request/errors.ts';
import { queryValue, readParams } from './request/params.ts';
import { emailOrPhone } from './request/email-or-phone.ts';
import { exchangeAuthCode } from './oauth/flow-state.ts';
import { verifyPassword } from './accounts/passwords.ts';
import { clearLoginFailures, countLoginAttempt } from './accounts/login-throttle.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import {
  refreshSession,
  startSession,
  type ClientInfo,
  type SessionJson,
} from './sessions/session-tokens.ts';
import { findUserByEmail, isBanned } from './accounts/users.ts';

// POST /token, after GoTrue's internal/api/token.go and token_refresh.go.

const GRANT_TYPES = ['password', 'refresh_token', 'pkce'] as const;
type GrantType = (typeof GRANT_TYPES)[number];

function isGrantType(value: string): value is GrantType {
  return (GRANT_TYPES as readonly string[]).includes(value);
}

export async function token(ctx: AppContext, request: FastifyRequest): Promise<SessionJson> {
  const grantType = queryValue(request.query, 'grant_type');
  // GoTrue rejects an unknown grant before counting it against the limit.
  if (!isGrantType(grantType)) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  await enforceRateLimit(ctx.db, 'token', request.ip, ctx.config.rateLimits.tokenPer5Min);
  const client: ClientInfo = { userAgent: request.headers['user-agent'], ip: request.ip };
  switch (grantType) {
    case 'password':
      return passwordGrant(ctx, request.body, client);
    case 'refresh_token':
      return refreshTokenGrant(ctx, request.body, client);
    case 'pkce':
      return pkceGrant(ctx, request.body, client);
  }
}

/** The code from a redirect (Google's callback, an e-mail link) and the verifier only this client holds. */
async function pkceGrant(ctx: AppContext, body: unknown, client: ClientInfo): Promise<SessionJson> {
  const params = readParams(body, { auth_code: 'string', code_verifier: 'string' });
  const authCode = params.auth_code ?? '';
  const verifier = params.code_verifier ?? '';
  if (authCode === '' || verifier === '') {
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  return exchangeAuthCode(ctx, authCode, verifier, client);
}

async function passwordGrant(
  ctx: AppContext,
  body: unknown,
  client: ClientInfo,
): Promise<SessionJson> {
  const params = readParams(body, {
    email: 'string',
    phone: 'string',
    password: 'string',
    gotrue_meta_security: 'object',
  });
  const { email, phone } = emailOrPhone(params, ' on login');
  if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw badRequest('validation_failed', 'missing email or phone');

  // Per account as well as per address: guesses from many addresses add up.
  // Counted as a failure before the check, so parallel guesses cannot outrun it.
  await countLoginAttempt(ctx.db, email, ctx.config.rateLimits.loginFailures);
  const user = await findUserByEmail(ctx.db, email);
  // For an unknown address verifyPassword still spends a full hash
  // verification, so the answer's timing does not tell the two cases apart.
  const valid = await verifyPassword(user?.encrypted_password ?? null, params.password ?? '');
  if (!user || !valid) {
    throw badRequest('invalid_credentials', INVALID_LOGIN_MESSAGE);
  }
  await clearLoginFailures(ctx.db, email);
  // Checked only after the password, so that a ban is not revealed to guessers.
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (user.email_confirmed_at === null) {
    throw badRequest('email_not_confirmed', 'Email not confirmed');
  }
  return ctx.db.transaction((tx) => startSession(ctx, tx, user.id, 'password', client));
}

// GoTrue's shortest refresh tokens are 12 characters; anything shorter cannot
// be one and is a malformed request rather than an unknown token.
const MIN_REFRESH_TOKEN_LENGTH = 12;

async function refreshTokenGrant(
  ctx: AppContext,
  body: unknown,
  client: ClientInfo,
): Promise<SessionJson> {
  const { refresh_token: refreshToken = '' } = readParams(body, { refresh_token: 'string' });
  if (refreshToken.length < MIN_REFRESH_TOKEN_LENGTH) {
    throw badRequest('validation_failed', 'Refresh token is not valid');
  }
  return refreshSession(ctx, refreshToken, client);
}
