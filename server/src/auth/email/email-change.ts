import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { badRequest } from '../request/errors.ts';
import { emailChangeMail } from './mail-messages.ts';
import type { MailSetup } from '../../mail/mailer.ts';
import type { PkceChallenge } from '../oauth/pkce.ts';
import { claimSendSlot, sendLink } from './send-link.ts';
import { addProvider, findUserByEmail, type UserRow } from '../accounts/users.ts';

// A change of e-mail address with SMTP configured, after GoTrue's
// sendEmailChange and emailChangeVerify with secure e-mail change off: one
// link, to the new address, and the change waits in users.email_change until
// that link is used. Whoever holds a session alone cannot move the account to
// an address they do not read.

export async function requestEmailChange(
  ctx: AppContext,
  mail: MailSetup,
  log: FastifyBaseLogger,
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
  await sendLink(ctx.db, mail, log, {
    type: 'email_change',
    userId: user.id,
    to: newEmail,
    compose: (link) =>
      emailChangeMail(newEmail, user.email ?? '', link, ctx.config.emailLinkLifetimeSeconds),
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

/**
 * The link was used: the pending address becomes the account's. Returns
 * false when the link names an address that is no longer the pending one.
 */
export async function applyEmailChange(
  tx: Queryable,
  user: UserRow,
  linkAddress: string,
): Promise<boolean> {
  const newEmail = user.email_change;
  if (!newEmail || newEmail.toLowerCase() !== linkAddress.toLowerCase()) return false;
  const holder = await findUserByEmail(tx, newEmail);
  if (holder && holder.id !== user.id) throw emailTaken();

  // An account that had never confirmed its first address is confirmed by
  // this one, as GoTrue's ConfirmEmailChange does.
  await tx.query(
    `UPDATE auth.users
        SET email = email_change, email_change = NULL,
            raw_user_meta_data = CASE WHEN email_confirmed_at IS NULL
                                      THEN raw_user_meta_data || '{"email_verified":true}'
                                      ELSE raw_user_meta_data END,
            email_confirmed_at = coalesce(email_confirmed_at, now()),
            updated_at = now()
      WHERE id = $1`,
    [user.id],
  );
  const updated = await tx.query(
    `UPDATE auth.identities
        SET identity_data = identity_data
              || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = now()
      WHERE user_id = $1 AND provider = 'email' AND provider_id = $3`,
    [user.id, newEmail, user.id],
  );
  if (updated.rowCount === 0) {
    // An account without an e-mail identity (Google only) gains one, as in GoTrue.
    await tx.query(
      `INSERT INTO auth.identities (id, provider_id, user_id, identity_data, provider)
       VALUES ($1, $2, $3, jsonb_build_object('sub', $2::text, 'email', $4::text,
               'email_verified', true), 'email')`,
      [randomUUID(), user.id, user.id, newEmail],
    );
    await addProvider(tx, user.id, 'email');
  }
  return true;
}
