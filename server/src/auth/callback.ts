import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { callbackUrl } from './authorize.ts';
import { AuthApiError, badRequest } from './request/errors.ts';
import { browserHoldsFlow, forgetBrowserBinding } from './oauth/browser-binding.ts';
import { userForExternalIdentity } from './oauth/external-account.ts';
import {
  deleteFlowState,
  findFlowState,
  FLOW_STATE_LIFETIME_SECONDS,
  issueAuthCode,
  type FlowStateRow,
} from './oauth/flow-state.ts';
import {
  exchangeProviderCode,
  ProviderExchangeError,
  ProviderUnavailableError,
  type ProviderIdentity,
} from './oauth/google-provider.ts';
import {
  fromApiError,
  siteUrl,
  withAuthCode,
  withError,
  withSessionFragment,
  type RedirectError,
} from './oauth/redirects.ts';
import { startSession } from './sessions/session-tokens.ts';
import { findUserById, isBanned } from './accounts/users.ts';

// GET /callback, after GoTrue's ExternalProviderCallback: the provider sends
// the browser back here with a code (or an error) and our state. Every
// outcome is a redirect to the app, which shows failures on /login.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function callback(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  reply.header('Cache-Control', 'no-store');
  // Fastify's parsed query would turn a repeated parameter into an array;
  // the provider's response is read exactly as it was sent.
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  let target = siteUrl(ctx, request);
  try {
    const flow = await flowOfState(ctx, query.get('state') ?? '');
    // From here on, failures go back to where the app asked to return.
    target = flow.redirect_to ?? target;
    assertUsable(flow);
    if (flow.browser_binding_hash) {
      if (!browserHoldsFlow(request, flow.id, flow.browser_binding_hash)) {
        throw badRequest('bad_oauth_state', 'OAuth state was started in another browser');
      }
      forgetBrowserBinding(request, reply, flow.id);
    }
    const location = await finish(ctx, request, flow, query);
    return reply.redirect(location, 302);
  } catch (err) {
    const failure = redirectFailure(err, request);
    if (!failure) throw err;
    return reply.redirect(withError(target, failure), 302);
  }
}

async function flowOfState(ctx: AppContext, state: string): Promise<FlowStateRow> {
  if (state === '') throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  if (!UUID.test(state)) throw badRequest('bad_oauth_state', 'OAuth state parameter is invalid');
  const flow = await findFlowState(ctx.db, state, { lock: false });
  if (!flow || flow.authentication_method !== 'oauth') {
    throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
  }
  return flow;
}

function assertUsable(flow: FlowStateRow): void {
  if (flow.age_seconds > FLOW_STATE_LIFETIME_SECONDS) {
    throw badRequest('bad_oauth_state', 'OAuth state has expired');
  }
  if (flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
}

async function finish(
  ctx: AppContext,
  request: FastifyRequest,
  flow: FlowStateRow,
  query: URLSearchParams,
): Promise<string> {
  const target = flow.redirect_to ?? siteUrl(ctx, request);
  const providerError = query.get('error');
  if (providerError) {
    // The person declined at Google, or Google refused: this flow is over.
    await deleteFlowState(ctx.db, flow.id);
    throw new ProviderRefusal({
      error: providerError,
      description: query.get('error_description') || providerError,
    });
  }
  if (!query.get('code')) {
    throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code');
  }
  const identity = await exchangeProviderCode(ctx.config.google, {
    callbackUrl: callbackUrl(ctx, request),
    query,
    state: flow.id,
    codeVerifier: flow.provider_code_verifier ?? '',
  });
  return signIn(ctx, request, flow.id, identity, target);
}

async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  flowId: string,
  identity: ProviderIdentity,
  target: string,
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    // Re-read under a lock: the same callback may be arriving twice at once.
    const flow = await findFlowState(tx, flowId, { lock: true });
    if (!flow || flow.user_id) {
      throw badRequest('flow_state_already_used', 'State has already been used');
    }
    const userId = await userForExternalIdentity(tx, identity);
    const user = await findUserById(tx, userId);
    if (!user) throw new Error('user vanished during sign-in');
    if (isBanned(user)) throw new AuthApiError(403, 'user_banned', 'User is banned');
    if (flow.auth_code) {
      // PKCE: the app trades this code, with the verifier only it holds, for a session.
      await issueAuthCode(tx, flow.id, userId);
      return withAuthCode(target, flow.auth_code);
    }
    const session = await startSession(ctx, tx, userId, 'oauth', {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    await deleteFlowState(tx, flow.id);
    return withSessionFragment(target, session);
  });
}

/** An error the provider sent us, passed on to the app as it came. */
class ProviderRefusal extends Error {
  readonly failure: RedirectError;
  constructor(failure: RedirectError) {
    super(failure.description);
    this.failure = failure;
  }
}

function redirectFailure(err: unknown, request: FastifyRequest): RedirectError | undefined {
  if (err instanceof AuthApiError) return fromApiError(err);
  if (err instanceof ProviderRefusal) return err.failure;
  if (err instanceof ProviderExchangeError || err instanceof ProviderUnavailableError) {
    // The details (an invalid ID token, a refused code) are for the operator.
    request.log.warn({ reason: err.message }, 'Google sign-in failed at the code exchange');
    return {
      error: 'server_error',
      code: 'bad_oauth_callback',
      description: 'Unable to exchange external code. Please try signing in again.',
    };
  }
  return undefined;
}
