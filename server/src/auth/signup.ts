import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, unprocessable } from './request/errors.ts';
import { readParams, validateEmail } from './request/params.ts';
import { emailOrPhone } from './request/email-or-phone.ts';
import { assertMetadataFits, metadataBytes } from './accounts/metadata-size.ts';
import { insertUser } from './accounts/create-user.ts';
import { isAddressTaken } from './accounts/address-taken.ts';
import { checkPasswordStrength, hashPassword } from './accounts/passwords.ts';
import { readPkceChallenge } from './oauth/pkce.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import { signupWithConfirmation, type SignupRequest } from './email/signup-confirmation.ts';
import { startSession, type SessionJson } from './sessions/session-tokens.ts';
import { findUserByEmail, type UserJson } from './accounts/users.ts';

// POST /signup, after GoTrue's internal/api/signup.go. Without SMTP every
// sign-up is confirmed at once (GoTrue's MAILER_AUTOCONFIRM) and answered
// with a session; with SMTP the account waits for its confirmation link
// (email/signup-confirmation.ts).

const SIGNUP_FIELDS = {
  email: 'string',
  phone: 'string',
  password: 'string',
  data: 'object',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
  gotrue_meta_security: 'object',
} as const;

const userExists = () => unprocessable('user_already_exists', 'User already registered');

export async function signup(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<SessionJson | UserJson> {
  await enforceRateLimit(ctx.db, 'signup', request.ip, ctx.config.rateLimits.signupPer5Min);
  const params = readParams(request.body, SIGNUP_FIELDS);

  // GoTrue's order of checks: password, then which identifier, then PKCE,
  // then the identifier's format.
  const password = params.password ?? '';
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  const { email: rawEmail, phone } = emailOrPhone(params, ' on signup');
  const challenge = params.code_challenge ?? '';
  if (phone !== '' && challenge !== '') {
    throw badRequest('validation_failed', 'PKCE not supported for phone signups');
  }
  const pkce = readPkceChallenge(challenge, params.code_challenge_method ?? '');
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (rawEmail === '') {
    throw badRequest('validation_failed', 'Sign up only available with email provider');
  }
  assertMetadataFits(metadataBytes(params.data));
  const signupRequest = {
    email: validateEmail(rawEmail),
    password,
    data: params.data ?? {},
    pkce,
  };
  if (ctx.mail) return signupWithConfirmation(ctx, ctx.mail, request, signupRequest);
  return signupConfirmedAtOnce(ctx, request, signupRequest);
}

async function signupConfirmedAtOnce(
  ctx: AppContext,
  request: FastifyRequest,
  { email, password, data }: SignupRequest,
): Promise<SessionJson> {
  // With automatic confirmation GoTrue says plainly that the address is taken;
  // the anti-enumeration fake user belongs to the confirmation flow.
  if (await findUserByEmail(ctx.db, email)) throw userExists();

  // Hash before the transaction: it is deliberately slow and needs no lock.
  const passwordHash = await hashPassword(password);
  const userId = randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      await insertUser(tx, { userId, email, passwordHash, data, confirmed: true });
      return startSession(ctx, tx, userId, 'password', {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
    });
  } catch (err) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isAddressTaken(err)) throw userExists();
    throw err;
  }
}
