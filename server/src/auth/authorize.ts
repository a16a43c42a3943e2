import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from './request/errors.ts';
import { bindFlowToBrowser } from './oauth/browser-binding.ts';
import { createFlowState } from './oauth/flow-state.ts';
import {
  newProviderCodeVerifier,
  ProviderUnavailableError,
  providerAuthorizationUrl,
} from './oauth/google-provider.ts';
import { isJsonObject, queryValue } from './request/params.ts';
import { readPkceChallenge } from './oauth/pkce.ts';
import { enforceRateLimit } from './request/rate-limit.ts';
import { safeRedirectTo, siteUrl, withError } from './oauth/redirects.ts';

// GET /authorize?provider=google, after GoTrue's ExternalProviderRedirect:
// remember the flow, then send the browser to the provider.

/** Where the provider sends the browser back to; register exactly this URL with Google. */
export const callbackUrl = (ctx: AppContext, request: FastifyRequest): string =>
  `${siteUrl(ctx, request)}/auth/v1/callback`;

const BASE_SCOPES = 'openid email profile';

// Ours to set, never the client's: passing them through would let a link
// choose where the provider sends the code (GoTrue's reservedOAuthParams).
const RESERVED_PARAMS = new Set([
  'provider',
  'scopes',
  'redirect_to',
  'code_challenge',
  'code_challenge_method',
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'request',
  'request_uri',
]);

export async function authorize(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const query = request.query;
  const provider = queryValue(query, 'provider');
  if (provider !== 'google') {
    throw badRequest('validation_failed', `Unsupported provider: ${provider || '(none)'}`);
  }
  if (ctx.config.google.clientId === '') {
    throw badRequest(
      'validation_failed',
      'Unsupported provider: Google sign-in is not enabled on this server',
    );
  }
  const pkce = readPkceChallenge(
    queryValue(query, 'code_challenge'),
    queryValue(query, 'code_challenge_method'),
  );
  // Each call stores a flow: count them, so no one can fill the table.
  await enforceRateLimit(ctx.db, 'token', request.ip, ctx.config.rateLimits.tokenPer5Min);
  const redirectTo = safeRedirectTo(ctx, request, queryValue(query, 'redirect_to'));

  const flowId = randomUUID();
  const codeVerifier = newProviderCodeVerifier();
  let providerUrl: string;
  try {
    providerUrl = await providerAuthorizationUrl(ctx.config.google, {
      callbackUrl: callbackUrl(ctx, request),
      state: flowId,
      codeVerifier,
      scopes: [BASE_SCOPES, queryValue(query, 'scopes')].join(' ').trim(),
      extra: passThroughParams(query),
    });
  } catch (err) {
    if (!(err instanceof ProviderUnavailableError)) throw err;
    // The person came from the app: send them back there with the reason
    // rather than leaving them on a bare error page.
    request.log.warn({ reason: err.message }, 'Google sign-in unavailable');
    return reply.redirect(
      withError(redirectTo, {
        error: 'temporarily_unavailable',
        description: 'Google sign-in is unavailable right now. Please try again later.',
      }),
      302,
    );
  }
  await createFlowState(ctx.db, {
    id: flowId,
    providerType: 'google',
    method: 'oauth',
    pkce,
    redirectTo,
    providerCodeVerifier: codeVerifier,
    // The implicit flow ends with tokens in whichever browser opens the
    // callback: tie it to this one (a PKCE flow is tied by its verifier).
    browserBindingHash: pkce ? undefined : bindFlowToBrowser(request, reply, flowId),
  });
  return reply.header('Cache-Control', 'no-store').redirect(providerUrl, 302);
}

/** Every other parameter goes to the provider as given (access_type, prompt, login_hint…). */
function passThroughParams(query: unknown): Record<string, string> {
  const extra: Record<string, string> = {};
  if (!isJsonObject(query)) return extra;
  for (const name of Object.keys(query)) {
    if (RESERVED_PARAMS.has(name.toLowerCase())) continue;
    const value = queryValue(query, name);
    if (value !== '') extra[name] = value;
  }
  return extra;
}
