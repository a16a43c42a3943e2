import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../request/errors.ts';
import { emailChangeCurrentMail, emailChangeMail } from './mail-messages.ts';
import type { LinkTokenRow } from './link-tokens.ts';
import type { MailSetup } from '../../mail/mailer.ts';
import type { PkceChallenge } from '../oauth/pkce.ts';
import { claimSendSlot, sendLink } from './send-link.ts';
import { findUserByEmail, type UserRow } from '../accounts/users.ts';
import { changeAddress } from '../accounts/change-address.ts';
import { confirmAddress } from '../accounts/confirm-address.ts';
import { addEmailIdentity, setEmailIdentityAddress } from '../accounts/email-identity.ts';
import { clearOneTimeTokens } from '../accounts/one-time-tokens.ts';

// A change of e-mail address with SMTP configured, after GoTrue's
// sendEmailChange and emailChangeVerify with secure e-mail change on (as on
// hosted Supabase): a link to the new address and one to the current
// address, and the change waits in users.email_change until both are used.
// Whoever holds a session alone can neither move the account to an address
// they read without the owner's mailbox, nor do it without the owner hearing
// of it (docs/decisions/023). PUT /user asks for proof first (user.ts).

export async function requestEmailChange(
  ctx: AppContext,
  mail: MailSetup,
  request: FastifyRequest,
  user: UserRow,
  newEmail: string,
  pkce: PkceChallenge | undefined,
  redirectTo: string,
): Promise<void> {
  const previous = await ctx.db.transaction(async (tx) => {
    const sentAt = await claimSendSlot(
      tx,
      user.id,
      'email_change_sent_at',
      mail.config.maxFrequencySeconds,
    );
    const { rows } = await tx.query<{ email_change: string | null }>(
      `SELECT email_change FROM auth.users WHERE id = $1`,
      [user.id],
    );
    await tx.query(`UPDATE auth.users SET email_change = $2 WHERE id = $1`, [user.id, newEmail]);
    return { sentAt, emailChange: rows[0]?.email_change ?? null };
  });
  const lifetime = ctx.config.emailLinkLifetimeSeconds;
  const currentEmail = user.email;
  await sendLink(ctx.db, mail, request.log, {
    type: 'email_change',
    clientIp: request.ip,
    userId: user.id,
    to: newEmail,
    compose: (link) => emailChangeMail(newEmail, currentEmail ?? '', link, lifetime),
    // An account with no address yet (none exists today) has no one else to ask.
    otherLink: currentEmail
      ? {
          to: currentEmail,
          tokenType: 'email_change_token_current',
          compose: (link) => emailChangeCurrentMail(currentEmail, newEmail, link, lifetime),
        }
      : undefined,
    pkce,
    redirectTo,
    // Put back the pending change there was before, if any, and the time its link went out.
    release: (db) =>
      db.query(`UPDATE auth.users SET email_change = $2, email_change_sent_at = $3 WHERE id = $1`, [
        user.id,
        previous.emailChange,
        previous.sentAt,
      ]),
  });
}

export const emailTaken = () =>
  // 400, so that the redirect reports invalid_request (GoTrue says 422 on PUT /user).
  badRequest('email_exists', 'A user with this email address has already been registered');

export type EmailChangeStep = 'applied' | 'other-link-needed' | 'stale';

/**
 * One of the two links of a change was used. The first spends itself and
 * waits for the other; the last applies the change. A link that names an
 * address which is no longer the pending one (or no longer the account's own)
 * is stale.
 */
export async function confirmEmailChange(
  tx: Queryable,
  user: UserRow,
  link: LinkTokenRow,
): Promise<EmailChangeStep> {
  const pending = user.email_change;
  if (!pending) return 'stale';
  const names = link.token_type === 'email_change_token_current' ? (user.email ?? '') : pending;
  if (names.toLowerCase() !== link.relates_to.toLowerCase()) return 'stale';
  await clearOneTimeTokens(tx, user.id, link.token_type);
  const { rows } = await tx.query(
    `SELECT 1 FROM auth.one_time_tokens
      WHERE user_id = $1
        AND token_type IN ('email_change_token_new', 'email_change_token_current')`,
    [user.id],
  );
  if (rows.length > 0) return 'other-link-needed';
  await applyEmailChange(tx, user, pending);
  return 'applied';
}

/** The pending address becomes the account's. */
async function applyEmailChange(tx: Queryable, user: UserRow, newEmail: string): Promise<void> {
  const holder = await findUserByEmail(tx, newEmail);
  if (holder && holder.id !== user.id) throw emailTaken();

  await changeAddress(tx, user.id, newEmail);
  // An account that had never confirmed its first address is confirmed by
  // this one, as GoTrue's ConfirmEmailChange does.
  if (user.email_confirmed_at === null) await confirmAddress(tx, user.id);
  // An account without an e-mail identity (Google only) gains one, as in GoTrue.
  if (!(await setEmailIdentityAddress(tx, user.id, newEmail, true))) {
    await addEmailIdentity(tx, user.id, newEmail);
  }
}
