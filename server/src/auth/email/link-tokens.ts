import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { TokenType } from '../accounts/one-time-tokens.ts';
import { hashToken } from '../sessions/session-tokens.ts';

// The one-time tokens in confirmation links. The link carries a random token;
// auth.one_time_tokens keeps only its SHA-256, so a copy of the database
// confirms nobody. One token per user and purpose: a new link replaces the last.
// The purposes' names, and spending tokens, belong to accounts/one-time-tokens.ts.

export type LinkType = 'signup' | 'email_change' | 'recovery';

/** The token of a link sent to the address it is about (the new one, for a change). */
export const TOKEN_TYPES: Record<LinkType, TokenType> = {
  signup: 'confirmation_token',
  email_change: 'email_change_token_new',
  recovery: 'recovery_token',
};

/** What a link of each type in a URL may be. */
const TOKEN_TYPES_OF_LINK: Record<LinkType, TokenType[]> = {
  signup: ['confirmation_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  recovery: ['recovery_token'],
};

// As GoTrue, the link itself says whether it belongs to a PKCE flow, so that
// /verify answers it the way the client that asked for it expects. The prefix
// is part of what is hashed: changing it makes the token unknown.
const PKCE_PREFIX = 'pkce_';

export function newLinkToken(pkce: boolean): string {
  const token = randomBytes(32).toString('base64url');
  return pkce ? PKCE_PREFIX + token : token;
}

export function isPkceToken(token: string): boolean {
  return token.startsWith(PKCE_PREFIX);
}

/** The link in the message: always on SITE_URL, never on a request's Host. */
export function verifyLink(
  siteUrl: string,
  token: string,
  type: LinkType,
  redirectTo: string,
): string {
  const url = new URL(`${siteUrl}/auth/v1/verify`);
  url.search = new URLSearchParams({ token, type, redirect_to: redirectTo }).toString();
  return url.href;
}

export interface NewLinkToken {
  userId: string;
  tokenType: TokenType;
  token: string;
  /** The address the link was sent to. */
  relatesTo: string;
  /** The PKCE flow the link finishes; absent for the implicit flow. */
  flowStateId: string | undefined;
}

export async function storeLinkToken(tx: Queryable, link: NewLinkToken): Promise<void> {
  // created_at restarts with each new token: a link's lifetime counts from its own sending.
  await tx.query(
    `INSERT INTO auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to,
                                       flow_state_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, token_type) DO UPDATE
       SET token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           flow_state_id = excluded.flow_state_id, created_at = now(), updated_at = now()`,
    [
      randomUUID(),
      link.userId,
      link.tokenType,
      hashToken(link.token),
      link.relatesTo,
      link.flowStateId ?? null,
    ],
  );
}

export interface LinkTokenRow {
  user_id: string;
  token_type: TokenType;
  relates_to: string;
  flow_state_id: string | null;
  /** Seconds since the link was sent, by the database clock. */
  age_seconds: number;
}

/**
 * The stored token a link carries, locked until the transaction ends, so that
 * a link opened twice at once is used once.
 */
export async function lockLinkToken(
  tx: Queryable,
  token: string,
  type: LinkType,
): Promise<LinkTokenRow | undefined> {
  const { rows } = await tx.query<LinkTokenRow>(
    `SELECT user_id, token_type, relates_to, flow_state_id,
            extract(epoch FROM now() - created_at)::float8 AS age_seconds
       FROM auth.one_time_tokens WHERE token_hash = $1 AND token_type = ANY($2) FOR UPDATE`,
    [hashToken(token), TOKEN_TYPES_OF_LINK[type]],
  );
  return rows[0];
}

/** Whether a link of this type went to the account within the last `seconds`. */
export async function linkSentWithin(
  db: Queryable,
  userId: string,
  tokenType: TokenType,
  seconds: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM auth.one_time_tokens
      WHERE user_id = $1 AND token_type = $2
        AND created_at > now() - make_interval(secs => $3)`,
    [userId, tokenType, seconds],
  );
  return rows.length > 0;
}
