import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { AuthApiError, badRequest } from '../request/errors.ts';
import { verifierMatches, type ChallengeMethod, type PkceChallenge } from './pkce.ts';
import { startSession, type ClientInfo, type SessionJson } from '../sessions/session-tokens.ts';

// A flow state remembers a browser-redirect sign-in between its start (the
// PKCE challenge at /authorize or /signup) and its end (the code exchanged
// at /token?grant_type=pkce), as GoTrue's auth.flow_state does. Its id is the
// OAuth `state` we hand the provider.

/** GoTrue's FlowStateExpiryDuration: each leg of a flow must finish within it. */
export const FLOW_STATE_LIFETIME_SECONDS = 300;

// An e-mail sign-up flow must outlive its confirmation link (24 hours);
// anything older than this is abandoned.
const SWEEP_AFTER_SECONDS = 2 * 24 * 60 * 60;

export type FlowMethod = 'oauth' | 'email/signup' | 'email_change' | 'recovery';

export interface NewFlowState {
  /** Chosen by the caller when it must name the flow before storing it (the OAuth state). */
  id?: string;
  providerType: 'google' | 'email';
  method: FlowMethod;
  /** Absent for supabase-js's implicit flow. */
  pkce: PkceChallenge | undefined;
  userId?: string;
  redirectTo?: string;
  /** Our own PKCE verifier toward the provider (OAuth flows only). */
  providerCodeVerifier?: string;
  /** sha256 of the cookie that ties an implicit OAuth flow to its browser. */
  browserBindingHash?: string;
}

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge: string | null;
  code_challenge_method: ChallengeMethod | null;
  provider_type: string;
  provider_code_verifier: string | null;
  redirect_to: string | null;
  authentication_method: FlowMethod;
  browser_binding_hash: string | null;
  /** Seconds since the flow began, by the database clock. */
  age_seconds: number;
}

export async function createFlowState(db: Queryable, flow: NewFlowState): Promise<string> {
  const id = flow.id ?? randomUUID();
  await db.query(
    `INSERT INTO auth.flow_state (id, user_id, auth_code, code_challenge, code_challenge_method,
                                  provider_type, provider_code_verifier, redirect_to,
                                  authentication_method, browser_binding_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      flow.userId ?? null,
      // Only a PKCE flow ends in a code; the implicit flow gets tokens directly.
      flow.pkce ? randomUUID() : null,
      flow.pkce?.challenge ?? null,
      flow.pkce?.method ?? null,
      flow.providerType,
      flow.providerCodeVerifier ?? null,
      flow.redirectTo ?? null,
      flow.method,
      flow.browserBindingHash ?? null,
    ],
  );
  // Abandoned flows are never read again; sweeping now and then keeps the
  // table small without a background job.
  if (Math.random() < 0.01) {
    await db.query(
      `DELETE FROM auth.flow_state WHERE created_at < now() - make_interval(secs => $1)`,
      [SWEEP_AFTER_SECONDS],
    );
  }
  return id;
}

const FLOW_COLUMNS = `id, user_id, auth_code, code_challenge, code_challenge_method, provider_type,
  provider_code_verifier, redirect_to, authentication_method, browser_binding_hash,
  extract(epoch FROM now() - created_at)::float8 AS age_seconds`;

/**
 * The flow an OAuth `state` names. Inside a transaction, `lock` holds it so
 * that two callbacks with one state cannot both finish it.
 */
export async function findFlowState(
  db: Queryable,
  id: string,
  { lock }: { lock: boolean },
): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(
    `SELECT ${FLOW_COLUMNS} FROM auth.flow_state WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** Binds a flow to the user it signed in and starts the five minutes its code is valid for. */
export async function issueAuthCode(tx: Queryable, flowId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE auth.flow_state SET user_id = $2, auth_code_issued_at = now(), updated_at = now()
      WHERE id = $1`,
    [flowId, userId],
  );
}

export function deleteFlowState(tx: Queryable, id: string): Promise<unknown> {
  return tx.query(`DELETE FROM auth.flow_state WHERE id = $1`, [id]);
}

/**
 * grant_type=pkce: the code and its verifier become a session, once. The flow
 * is locked and deleted in one transaction, so that a code presented twice at
 * the same moment still yields one session.
 */
export async function exchangeAuthCode(
  ctx: AppContext,
  authCode: string,
  verifier: string,
  client: ClientInfo,
): Promise<SessionJson> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<FlowStateRow & { code_age_seconds: number }>(
      `SELECT ${FLOW_COLUMNS},
              extract(epoch FROM now() - coalesce(auth_code_issued_at, created_at))::float8
                AS code_age_seconds
         FROM auth.flow_state WHERE auth_code = $1 FOR UPDATE`,
      [authCode],
    );
    const flow = rows[0];
    if (!flow?.user_id || !flow.code_challenge || !flow.code_challenge_method) {
      throw new AuthApiError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      );
    }
    if (flow.code_age_seconds > FLOW_STATE_LIFETIME_SECONDS) {
      throw new AuthApiError(
        422,
        'flow_state_expired',
        'invalid flow state, flow state has expired',
      );
    }
    const stored = { challenge: flow.code_challenge, method: flow.code_challenge_method };
    if (!verifierMatches(stored, verifier)) {
      throw badRequest(
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    await deleteFlowState(tx, flow.id);
    return startSession(ctx, tx, flow.user_id, flow.authentication_method, client);
  });
}
