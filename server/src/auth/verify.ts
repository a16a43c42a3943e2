import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { isAddressTaken } from './accounts/address-taken.ts';
import { confirmEmailChange, emailTaken } from './email/email-change.ts';
import { emailChangedNotice } from './email/mail-messages.ts';
import { sendNotice } from './email/notices.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { isPkceToken, lockLinkToken, type LinkType } from './email/link-tokens.ts';
import { linkPageHtml, linkPageSecurityPolicy } from './email/link-page.ts';
import { clearOneTimeTokens } from './accounts/one-time-tokens.ts';
import { confirmAddress } from './accounts/confirm-address.ts';
import { verifyIdentitiesWithAddress } from './accounts/email-identity.ts';
import { removeUnprovenPassword } from './accounts/set-password.ts';
import { AuthApiError, badRequest, forbidden } from './request/errors.ts';
import { findFlowState, issueAuthCode } from './oauth/flow-state.ts';
import { queryValue } from './request/params.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import {
  fromApiError,
  safeRedirectTo,
  withAuthCode,
  withError,
  withMessage,
  withSessionFragment,
} from './oauth/redirects.ts';
import { startSession, type ClientInfo } from './sessions/session-tokens.ts';
import { findUserById, isBanned, type UserRow } from './accounts/users.ts';

// The link in a confirmation e-mail, after GoTrue's verifyGet
// (internal/api/verify.go), in two steps: GET /verify shows a page that asks
// for a click (link-page.ts), and that page's POST to the same URL uses the
// link. The browser then comes back to redirect_to with a code
// for the PKCE client that asked for the link, or with a session in the
// fragment for the implicit flow; every failure with a link goes back there
// too, as an error in the URL, because a person is looking at the answer.

const otpExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired');

// Types GoTrue knows whose links this server never sends: no such token exists.
const NEVER_SENT = new Set(['invite', 'magiclink', 'email']);

function isLinkType(type: string): type is LinkType {
  return type === 'signup' || type === 'email_change' || type === 'recovery';
}

interface LinkQuery {
  token: string;
  type: string;
  redirectTo: string;
}

function readLinkQuery(ctx: AppContext, request: FastifyRequest): LinkQuery {
  const token = queryValue(request.query, 'token');
  const type = queryValue(request.query, 'type');
  const redirectTo = safeRedirectTo(ctx, request, queryValue(request.query, 'redirect_to'));
  // Without these there is nothing to report back to; GoTrue answers in JSON.
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type');
  if (token === '') {
    throw badRequest('validation_failed', 'Verify requires a token or a token hash');
  }
  return { token, type, redirectTo };
}

/** GET /verify: the page with the button; nothing is read or spent yet. */
export function showLinkPage(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { type, redirectTo } = readLinkQuery(ctx, request);
  return reply
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', linkPageSecurityPolicy(redirectTo))
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(linkPageHtml(isLinkType(type) ? type : undefined));
}

/** POST /verify, from the page: the link is used, and the browser sent on. */
export async function useVerifyLink(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  await enforceRateLimit(ctx.db, 'verify', request.ip, ctx.config.rateLimits.verifyPer5Min);
  const { token, type, redirectTo } = readLinkQuery(ctx, request);

  const client: ClientInfo = { userAgent: request.headers['user-agent'], ip: request.ip };
  let location: string;
  try {
    const used = await ctx.db.transaction((tx) =>
      useLink(ctx, tx, { token, type, redirectTo, client }),
    );
    location = used.location;
    if (used.notice && ctx.mail) sendNotice(ctx.mail, request.log, used.notice);
  } catch (err) {
    // The new address was taken between the check and the update.
    const failure = isAddressTaken(err) ? emailTaken() : err;
    if (!(failure instanceof AuthApiError)) throw failure;
    location = withError(redirectTo, fromApiError(failure));
  }
  return reply.header('Cache-Control', 'no-store').redirect(location, 303);
}

interface LinkUse {
  token: string;
  type: string;
  redirectTo: string;
  client: ClientInfo;
}

interface LinkUsed {
  location: string;
  /** Told to the account's old address once the transaction has committed. */
  notice?: OutgoingMail;
}

// GoTrue's singleConfirmationAccepted: the first of the two links of a change of address.
const OTHER_LINK_NEEDED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function useLink(ctx: AppContext, tx: Queryable, use: LinkUse): Promise<LinkUsed> {
  const { token, type, redirectTo } = use;
  if (!isLinkType(type)) {
    if (NEVER_SENT.has(type)) throw otpExpired();
    throw badRequest('validation_failed', 'Invalid email verification type');
  }
  // Unknown, already used and replaced links look the same: the hash is gone.
  const stored = await lockLinkToken(tx, token, type);
  const user = stored ? await findUserById(tx, stored.user_id) : undefined;
  if (!stored || !user) throw otpExpired();
  // GoTrue's order: a ban is reported even for an expired link.
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  if (stored.age_seconds > ctx.config.emailLinkLifetimeSeconds) throw otpExpired();

  let notice: OutgoingMail | undefined;
  if (type === 'signup') {
    await confirmSignup(tx, user);
  } else if (type === 'recovery') {
    await useRecovery(tx, user);
  } else {
    const step = await confirmEmailChange(tx, user, stored);
    if (step === 'stale') throw otpExpired();
    if (step === 'other-link-needed') {
      return { location: withMessage(redirectTo, OTHER_LINK_NEEDED, isPkceToken(token)) };
    }
    if (user.email && user.email_change) notice = emailChangedNotice(user.email, user.email_change);
  }
  // Using any link spends every outstanding one.
  await clearOneTimeTokens(tx, user.id);

  if (isPkceToken(token)) {
    // The flow this link was sent for, and no other (docs/decisions/011).
    const flow = stored.flow_state_id
      ? await findFlowState(tx, stored.flow_state_id, { lock: true })
      : undefined;
    if (!flow?.auth_code || flow.user_id !== user.id) {
      throw badRequest(
        'flow_state_not_found',
        'No associated flow state found. 422: No valid flow state found for user.',
      );
    }
    await issueAuthCode(tx, flow.id, user.id);
    return { location: withAuthCode(redirectTo, flow.auth_code), notice };
  }
  const session = await startSession(ctx, tx, user.id, SESSION_METHODS[type], use.client);
  return { location: withSessionFragment(redirectTo, session, type), notice };
}

// How an implicit-flow link's session began, as a PKCE one's flow names it;
// an email_change session is never a fresh sign-in (password-proof.ts).
const SESSION_METHODS = {
  signup: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
} as const;

/**
 * GoTrue's recoverVerify: the link proves the mailbox, so an unconfirmed
 * account becomes confirmed. Its password, though, was set by a sign-up that
 * nobody proved and may be an impostor's (ADR 023): it is removed, and the
 * person sets their own on the recovery screen.
 */
async function useRecovery(tx: Queryable, user: UserRow): Promise<void> {
  if (user.email_confirmed_at !== null) return;
  await confirmSignup(tx, user);
  await removeUnprovenPassword(tx, user.id);
}

/** GoTrue's signupVerify: the account, and the identity with this address, are verified. */
async function confirmSignup(tx: Queryable, user: UserRow): Promise<void> {
  await confirmAddress(tx, user.id);
  await verifyIdentitiesWithAddress(tx, user.id, user.email ?? '');
}
