import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, unprocessable } from './errors.ts';
import { readParams, validateEmail } from './params.ts';
import { checkPasswordStrength, hashPassword } from './passwords.ts';
import { enforceRateLimit } from './rate-limit.ts';
import { startSession, type SessionJson } from './tokens.ts';
import { findUserByEmail } from './users.ts';

// POST /signup, after GoTrue's internal/api/signup.go. Until e-mail sending
// lands, every sign-up is confirmed at once (GoTrue's MAILER_AUTOCONFIRM) and
// answers with a session; the confirmation branch will join this file.

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

export async function signup(ctx: AppContext, request: FastifyRequest): Promise<SessionJson> {
  await enforceRateLimit(ctx.db, 'signup', request.ip, ctx.config.rateLimits.signupPer5Min);
  const params = readParams(request.body, SIGNUP_FIELDS);

  // GoTrue's order of checks: password, then which identifier, then its format.
  const password = params.password ?? '';
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
  checkPasswordStrength(password);
  const rawEmail = params.email ?? '';
  const phone = params.phone ?? '';
  if (rawEmail !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    );
  }
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (rawEmail === '') {
    throw badRequest('validation_failed', 'Sign up only available with email provider');
  }
  const email = validateEmail(rawEmail);

  // With automatic confirmation GoTrue says plainly that the address is taken;
  // the anti-enumeration fake user belongs to the confirmation flow.
  if (await findUserByEmail(ctx.db, email)) throw userExists();

  // Hash before the transaction: it is deliberately slow and needs no lock.
  const passwordHash = await hashPassword(password);
  const data = JSON.stringify(params.data ?? {});
  const userId = randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      // Confirmation also records email_verified in user_metadata, as GoTrue's
      // User.Confirm does.
      await tx.query(
        `INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at,
                                 raw_app_meta_data, raw_user_meta_data)
         VALUES ($1, $2, $3, now(), '{"provider":"email","providers":["email"]}',
                 $4::jsonb || '{"email_verified":true}')`,
        [userId, email, passwordHash, data],
      );
      // The identity is made before confirmation, so it says email_verified
      // false, like GoTrue's; sign-up data fills keys the claims leave free.
      await tx.query(
        `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider,
                                      last_sign_in_at)
         VALUES ($1, $2, $3, $4::jsonb || jsonb_build_object('sub', $2::text, 'email', $5::text,
                 'email_verified', false, 'phone_verified', false), 'email', now())`,
        [randomUUID(), userId, userId, data, email],
      );
      return startSession(ctx, tx, userId, 'password', {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
    });
  } catch (err) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isUniqueViolation(err)) throw userExists();
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
