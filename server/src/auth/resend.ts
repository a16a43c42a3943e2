import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requestEmailChange } from './email/email-change.ts';
import { badRequest } from './request/errors.ts';
import { queryValue, validateEmail } from './request/params.ts';
import { readPkceChallenge, type PkceChallenge } from './oauth/pkce.ts';
import { readLinkRequest } from './email/link-request.ts';
import { safeRedirectTo } from './oauth/redirects.ts';
import { sendConfirmation } from './email/signup-confirmation.ts';
import { SentTooRecently } from './email/send-link.ts';
import { MailCapReached } from './email/mail-cap.ts';
import { findUserByEmail } from './accounts/users.ts';

// POST /resend, after GoTrue's internal/api/resend.go: a new sign-up or
// e-mail change link. The answer is the same empty object whether or not the
// address has an account, or anything to resend.

const RESEND_FIELDS = {
  type: 'string',
  email: 'string',
  phone: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
  gotrue_meta_security: 'object',
} as const;

const TYPES = ['signup', 'email_change', 'sms', 'phone_change'] as const;
type ResendType = (typeof TYPES)[number];

function isResendType(type: string): type is ResendType {
  return (TYPES as readonly string[]).includes(type);
}

export async function resend(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Record<string, never>> {
  const params = await readLinkRequest(ctx, request, 'resend', RESEND_FIELDS);

  // GoTrue's order of checks (ResendConfirmationParams.Validate).
  const type = params.type ?? '';
  if (!isResendType(type)) {
    throw badRequest(
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
  }
  let pkce: PkceChallenge | undefined;
  if (type === 'signup' || type === 'email_change') {
    pkce = readPkceChallenge(params.code_challenge ?? '', params.code_challenge_method ?? '');
  }
  const rawEmail = params.email ?? '';
  const phone = params.phone ?? '';
  if (rawEmail === '' && type === 'signup') {
    throw badRequest('validation_failed', 'Type provided requires an email address');
  }
  if (phone === '' && type === 'sms') {
    throw badRequest('validation_failed', 'Type provided requires a phone number');
  }
  if (rawEmail !== '' && phone !== '') {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided.',
    );
  }
  if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  if (rawEmail === '')
    throw badRequest('validation_failed', 'Missing email address or phone number');
  const email = validateEmail(rawEmail);

  const nothing = {};
  const user = await findUserByEmail(ctx.db, email);
  // Without SMTP nothing is ever pending: sign-ups and changes apply at once.
  if (!user || !ctx.mail) return nothing;
  const redirectTo = safeRedirectTo(ctx, request, queryValue(request.query, 'redirect_to'));
  try {
    if (type === 'signup' && user.email_confirmed_at === null) {
      await sendConfirmation(ctx, ctx.mail, request, user, pkce, redirectTo);
    } else if (type === 'email_change' && user.email_change) {
      const pending = user.email_change;
      await requestEmailChange(ctx, ctx.mail, request, user, pending, pkce, redirectTo);
    }
  } catch (err) {
    // Too soon again, or over the mail cap: an unknown address would have got
    // `{}` and no mail, so this one does too (docs/decisions/011, docs/security-bounds.md).
    if (!(err instanceof SentTooRecently || err instanceof MailCapReached)) throw err;
    request.log.info({ reason: err.message }, 'resend: nothing sent');
  }
  // phone_change: no phone change is ever pending here.
  return nothing;
}
