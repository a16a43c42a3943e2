import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from './request/errors.ts';
import { recoveryMail } from './email/mail-messages.ts';
import { queryValue, validateEmail } from './request/params.ts';
import { readPkceChallenge } from './oauth/pkce.ts';
import { readLinkRequest } from './email/link-request.ts';
import { safeRedirectTo } from './oauth/redirects.ts';
import { sendLink } from './email/send-link.ts';
import { linkSentWithin } from './email/link-tokens.ts';
import { MailCapReached } from './email/mail-cap.ts';
import { findUserByEmail, isBanned } from './accounts/users.ts';

// POST /recover, after GoTrue's internal/api/recover.go: supabase-js's
// resetPasswordForEmail. A link goes to the address; /verify?type=recovery
// signs the person in, and the app then sets a new password with PUT /user
// (the sign-in is recent, so no current password is asked: ADR 023). The
// answer is the same empty object whether or not the address has an account.

const RECOVER_FIELDS = {
  email: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
  gotrue_meta_security: 'object',
} as const;

export async function recover(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Record<string, never>> {
  const params = await readLinkRequest(ctx, request, 'recover', RECOVER_FIELDS);
  const pkce = readPkceChallenge(params.code_challenge ?? '', params.code_challenge_method ?? '');
  const rawEmail = params.email ?? '';
  if (rawEmail === '') throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = validateEmail(rawEmail);
  // Without SMTP no link can reach anyone: an operator resets the password
  // (docs/self-hosting.md). The answer does not depend on the address.
  if (!ctx.mail) {
    throw badRequest('email_provider_disabled', 'Password recovery by e-mail is not available');
  }
  // Anyone may start a recovery for any address, so the link it mails must
  // land where only the site runs: a broad ADDITIONAL_REDIRECT_URLS glob (a
  // preview host pattern) could match a host a stranger owns, who would then
  // receive the owner's code or session. Off SITE_URL's host, both the target
  // and the challenge are dropped and the link lands on SITE_URL
  // (docs/security.md). GoTrue honours any allowed target here.
  const site = ctx.mail.config.siteUrl;
  const requested = safeRedirectTo(ctx, request, queryValue(request.query, 'redirect_to'));
  const onSiteHost = new URL(requested).hostname === new URL(site).hostname;
  const redirectTo = onSiteHost ? requested : site;

  const nothing = {};
  const user = await findUserByEmail(ctx.db, email);
  if (!user || isBanned(user)) return nothing;
  // One message per account this often. Within the interval the answer stays
  // the same and nothing goes out, so that a 429 does not tell strangers the
  // address has an account (GoTrue answers 429 here).
  const frequency = ctx.mail.config.maxFrequencySeconds;
  if (await linkSentWithin(ctx.db, user.id, 'recovery_token', frequency)) return nothing;
  try {
    await sendLink(ctx.db, ctx.mail, request.log, {
      type: 'recovery',
      clientIp: request.ip,
      userId: user.id,
      to: email,
      compose: (link) => recoveryMail(email, link, ctx.config.emailLinkLifetimeSeconds),
      pkce: onSiteHost ? pkce : undefined,
      redirectTo,
      // Nothing was claimed before sending: the stored token is the record.
      release: async () => {},
    });
  } catch (err) {
    // Over the mail cap, an unknown address would have got `{}` and no mail:
    // so does this one (docs/security-bounds.md). The operator sees it in the log.
    if (!(err instanceof MailCapReached)) throw err;
    request.log.warn('recovery link not sent: mail cap reached');
  }
  return nothing;
}
