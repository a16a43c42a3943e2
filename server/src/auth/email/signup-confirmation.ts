import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { insertUser } from '../accounts/create-user.ts';
import { isAddressTaken } from '../accounts/address-taken.ts';
import { confirmationMail } from './mail-messages.ts';
import type { MailSetup } from '../../mail/mailer.ts';
import { queryValue } from '../request/params.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { PkceChallenge } from '../oauth/pkce.ts';
import { safeRedirectTo } from '../oauth/redirects.ts';
import { claimMailSend } from './mail-cap.ts';
import { claimSendSlot, SentTooRecently, sendLink } from './send-link.ts';
import {
  findUserByEmail,
  findUserById,
  loadUserJson,
  type UserJson,
  type UserRow,
} from '../accounts/users.ts';

// POST /signup when SMTP is configured, after GoTrue's signup.go without
// MAILER_AUTOCONFIRM: the account is made unconfirmed, a link goes to the
// address, and the answer is the bare user. Whether an address already has an
// account is never revealed by the answer's shape (see repeatedSignup).

/** A sign-up that passed its checks (signup.ts), as either way of confirming takes it. */
export interface SignupRequest {
  email: string;
  password: string;
  data: Record<string, unknown>;
  pkce: PkceChallenge | undefined;
}

export async function signupWithConfirmation(
  ctx: AppContext,
  mail: MailSetup,
  request: FastifyRequest,
  signup: SignupRequest,
): Promise<UserJson> {
  // supabase-js sends emailRedirectTo as this query parameter.
  const redirectTo = safeRedirectTo(ctx, request, queryValue(request.query, 'redirect_to'));
  const existing = await findUserByEmail(ctx.db, signup.email);
  if (existing) return repeatedSignup(ctx, mail, request, existing, signup, redirectTo);

  const passwordHash = await hashPassword(signup.password);
  const userId = randomUUID();
  try {
    await ctx.db.transaction((tx) =>
      insertUser(tx, {
        userId,
        email: signup.email,
        passwordHash,
        data: signup.data,
        confirmed: false,
      }),
    );
  } catch (err) {
    if (!isAddressTaken(err)) throw err;
    // Someone signed up with this address a moment ago: answer as for any existing one.
    const raced = await findUserByEmail(ctx.db, signup.email);
    if (!raced) throw err;
    return repeatedSignup(ctx, mail, request, raced, signup, redirectTo);
  }

  await sendLink(ctx.db, mail, request.log, {
    type: 'signup',
    clientIp: request.ip,
    userId,
    to: signup.email,
    compose: (link) => confirmationMail(signup.email, link, ctx.config.emailLinkLifetimeSeconds),
    pkce: signup.pkce,
    redirectTo,
    // Without its message nobody could ever confirm the account: remove it,
    // so that signing up again works once mail flows.
    release: (db) =>
      db.query(`DELETE FROM auth.users WHERE id = $1 AND email_confirmed_at IS NULL`, [userId]),
  });
  return currentUserJson(ctx, userId);
}

async function repeatedSignup(
  ctx: AppContext,
  mail: MailSetup,
  request: FastifyRequest,
  existing: UserRow,
  signup: SignupRequest,
  redirectTo: string,
): Promise<UserJson> {
  // A confirmed account: answer as if the address were new, send nothing and
  // change nothing (GoTrue's sanitizeUser), so nobody learns who has an account.
  // The mail cap counts it as a new address's message, so that a closed cap
  // answers 429 here exactly as it would for a new address.
  if (existing.email_confirmed_at !== null) {
    const to = existing.email ?? signup.email;
    await claimMailSend(
      ctx.db,
      mail.config.sentPerHour,
      { to, clientIp: request.ip, purpose: 'signup' },
      request.log,
    );
    return fakeUser(signup);
  }
  // Unconfirmed: whoever signed up first need not hold the mailbox. The
  // password of this sign-up replaces theirs together with the new link, which
  // replaces theirs: the only link that works then confirms the account with
  // the password of the last sign-up, so an owner who signs up after an
  // impostor confirms with their own (ADR 023). A refused or failed send
  // changes nothing.
  const passwordHash = await hashPassword(signup.password);
  try {
    await sendConfirmation(ctx, mail, request, existing, signup.pkce, redirectTo, (tx) =>
      tx.query(
        `UPDATE auth.users
            SET encrypted_password = $2, raw_user_meta_data = $3::jsonb, updated_at = now()
          WHERE id = $1 AND email_confirmed_at IS NULL`,
        [existing.id, passwordHash, JSON.stringify(signup.data)],
      ),
    );
  } catch (err) {
    // Within the frequency interval a new address would have got its 200:
    // so does this one, and nothing changes (docs/decisions/011).
    if (!(err instanceof SentTooRecently)) throw err;
  }
  return currentUserJson(ctx, existing.id);
}

/** A new sign-up link for an unconfirmed account: GoTrue's sendConfirmation. */
export async function sendConfirmation(
  ctx: AppContext,
  mail: MailSetup,
  request: FastifyRequest,
  user: UserRow,
  pkce: PkceChallenge | undefined,
  redirectTo: string,
  withLink?: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  const email = user.email ?? '';
  const previous = await ctx.db.transaction((tx) =>
    claimSendSlot(tx, user.id, 'confirmation_sent_at', mail.config.maxFrequencySeconds),
  );
  await sendLink(ctx.db, mail, request.log, {
    type: 'signup',
    clientIp: request.ip,
    userId: user.id,
    to: email,
    compose: (link) => confirmationMail(email, link, ctx.config.emailLinkLifetimeSeconds),
    pkce,
    redirectTo,
    // The frequency limit must not block a retry of a message that never left.
    release: (db) =>
      db.query(`UPDATE auth.users SET confirmation_sent_at = $2 WHERE id = $1`, [
        user.id,
        previous,
      ]),
    withLink,
  });
}

async function currentUserJson(ctx: AppContext, userId: string): Promise<UserJson> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error('user vanished after sign-up');
  return loadUserJson(ctx.db, user);
}

/** GoTrue's sanitizeUser: a user that never existed, with no identities. */
function fakeUser(signup: SignupRequest): UserJson {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email: signup.email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: signup.data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
