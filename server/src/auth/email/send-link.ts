import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { loggableError } from '../../http/loggable-error.ts';
import type { TokenType } from '../accounts/one-time-tokens.ts';
import {
  newLinkToken,
  storeLinkToken,
  TOKEN_TYPES,
  verifyLink,
  type LinkType,
} from './link-tokens.ts';
import { AuthApiError } from '../request/errors.ts';
import { claimMailSend } from './mail-cap.ts';
import { createFlowState } from '../oauth/flow-state.ts';
import { describeSendFailure, type MailSetup, type OutgoingMail } from '../../mail/mailer.ts';
import type { PkceChallenge } from '../oauth/pkce.ts';

// Sending a link happens in three steps: the caller claims the send in one
// short transaction (a new account, or a send slot under the frequency
// limit), sendLink talks to the SMTP server outside any transaction, then
// stores the token. No transaction stays open while SMTP answers: embedded
// PGlite is one connection, and a slow mail server would stall every request.
// When the message cannot be sent, the caller's `release` undoes the claim,
// so that the account is as before and a retry can succeed (ADR 011).

/** A second link of the same flow, to another address (the current one, for a change). */
export interface OtherLink {
  to: string;
  tokenType: TokenType;
  compose: (link: string) => OutgoingMail;
}

export interface LinkMessage {
  type: LinkType;
  userId: string;
  to: string;
  compose: (link: string) => OutgoingMail;
  /** Both links are needed to finish the flow (secure e-mail change). */
  otherLink?: OtherLink;
  /** Absent for supabase-js's implicit flow: the link then signs in directly. */
  pkce: PkceChallenge | undefined;
  /** Where /verify sends the browser; already checked against the allow-list. */
  redirectTo: string;
  /** The client whose request sends the message: the mail cap counts per client too. */
  clientIp: string;
  release: (db: Database) => Promise<unknown>;
  /** Changes that take effect with this link, in the transaction that stores it. */
  withLink?: (tx: Queryable) => Promise<unknown>;
}

// GoTrue's messages for these failures (internal/api/mail.go).
const SEND_FAILED: Record<LinkType, string> = {
  signup: 'Error sending confirmation email',
  email_change: 'Error sending email change email',
  recovery: 'Error sending recovery email',
};

// The flow each kind of link finishes, as GoTrue names them.
const FLOW_METHODS = {
  signup: 'email/signup',
  email_change: 'email_change',
  recovery: 'recovery',
} as const;

export async function sendLink(
  db: Database,
  mail: MailSetup,
  log: FastifyBaseLogger,
  message: LinkMessage,
): Promise<void> {
  const links: OtherLink[] = [
    { to: message.to, tokenType: TOKEN_TYPES[message.type], compose: message.compose },
    ...(message.otherLink ? [message.otherLink] : []),
  ];
  const tokens: string[] = [];
  for (const { to, compose } of links) {
    const token = newLinkToken(message.pkce !== undefined);
    const link = verifyLink(mail.config.siteUrl, token, message.type, message.redirectTo);
    try {
      await claimMailSend(
        db,
        mail.config.sentPerHour,
        { to, clientIp: message.clientIp, purpose: message.type },
        log,
      );
    } catch (err) {
      await undo(db, log, message);
      throw err;
    }
    try {
      await mail.mailer.send(compose(link));
    } catch (err) {
      log.error({ smtp: describeSendFailure(err), type: message.type }, 'could not send e-mail');
      await undo(db, log, message);
      // Not the request's fault: a dependency is down and a retry may work.
      throw new AuthApiError(503, 'email_send_failed', SEND_FAILED[message.type]);
    }
    tokens.push(token);
  }
  // Stored only once the message is out: until then the previous link keeps working.
  await db.transaction(async (tx) => {
    // The link names its own flow: /verify must never finish another one.
    const flowStateId = message.pkce
      ? await createFlowState(tx, {
          providerType: 'email',
          method: FLOW_METHODS[message.type],
          pkce: message.pkce,
          userId: message.userId,
          redirectTo: message.redirectTo,
        })
      : undefined;
    for (const [i, { to, tokenType }] of links.entries()) {
      const token = tokens[i] ?? '';
      await storeLinkToken(tx, {
        userId: message.userId,
        tokenType,
        token,
        relatesTo: to,
        flowStateId,
      });
    }
    await message.withLink?.(tx);
  });
}

/** The caller's claim is given back when no message leaves. */
async function undo(db: Database, log: FastifyBaseLogger, message: LinkMessage): Promise<void> {
  try {
    await message.release(db);
  } catch (releaseErr) {
    log.error({ err: loggableError(releaseErr) }, 'could not undo after a failed send');
  }
}

type SentAtColumn = 'confirmation_sent_at' | 'email_change_sent_at';

/**
 * A message of this purpose went to this account within the frequency
 * interval. A signed-in person asking again is told so (429, as GoTrue); an
 * anonymous caller must get the answer a new address gets instead, or the 429
 * tells them the address has an account (docs/decisions/011).
 */
export class SentTooRecently extends AuthApiError {
  constructor(secondsLeft: number) {
    // Whole seconds, rounded down, as GoTrue's generateFrequencyLimitErrorMessage.
    super(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${secondsLeft} seconds.`,
    );
  }
}

/**
 * GoTrue's SMTP_MAX_FREQUENCY: one message per user and purpose this often.
 * Checked and recorded under the user's row lock, so two requests cannot both
 * pass. Returns the previous send time, for `release` to put back.
 */
export async function claimSendSlot(
  tx: Queryable,
  userId: string,
  column: SentAtColumn,
  maxFrequencySeconds: number,
): Promise<Date | null> {
  const { rows } = await tx.query<{ previous: Date | null; since: number | null }>(
    `SELECT ${column} AS previous, extract(epoch FROM now() - ${column})::float8 AS since
       FROM auth.users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  const since = rows[0]?.since ?? null;
  if (since !== null && since < maxFrequencySeconds) {
    throw new SentTooRecently(Math.floor(maxFrequencySeconds - since));
  }
  await tx.query(`UPDATE auth.users SET ${column} = now(), updated_at = now() WHERE id = $1`, [
    userId,
  ]);
  return rows[0]?.previous ?? null;
}
