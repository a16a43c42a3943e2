import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { publicOrigin } from '../../http/runtime-config.ts';
import { globToRegExp } from '../../http/url-glob.ts';
import type { AuthApiError } from '../request/errors.ts';
import type { SessionJson } from '../sessions/session-tokens.ts';

// Where the browser-redirect endpoints (/authorize, /callback, /verify) send
// the browser back to, and how they report an outcome there, after GoTrue's
// isRedirectURLValid and redirectErrors.

/** SITE_URL, or the origin the request reached us at when it is unset. */
export function siteUrl(ctx: AppContext, request: FastifyRequest): string {
  return publicOrigin(ctx, request.protocol, request.host);
}

/**
 * The requested `redirect_to` when it is on the site's exact origin (scheme,
 * host and port) or matches an ADDITIONAL_REDIRECT_URLS pattern, else the
 * site URL: never an open redirect, nor one to another port of the same host,
 * where another program may listen (ADR 024).
 */
export function safeRedirectTo(
  ctx: AppContext,
  request: FastifyRequest,
  requested: string,
): string {
  const site = siteUrl(ctx, request);
  if (requested === '') return site;
  let target: URL;
  try {
    target = new URL(requested);
  } catch {
    return site;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return site;
  if (target.origin === new URL(site).origin) return target.href;
  const allowed = ctx.config.additionalRedirectUrls.some((pattern) =>
    globToRegExp(pattern).test(target.href),
  );
  return allowed ? target.href : site;
}

/** The target with `code=` added: the PKCE end of a successful redirect flow. */
export function withAuthCode(target: string, code: string): string {
  const url = new URL(target);
  url.searchParams.set('code', code);
  return url.href;
}

/** The implicit flow's end: the session in the fragment, which never reaches a server log. */
export function withSessionFragment(target: string, session: SessionJson, type?: string): string {
  const url = new URL(target);
  const fragment = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
  });
  if (type) fragment.set('type', type);
  url.hash = fragment.toString();
  return url.href;
}

/**
 * A step that is neither a failure nor the end, e.g. the first of two links
 * of a change of address: `message=` in the query for a PKCE client, in the
 * fragment for an implicit one, as GoTrue's prepRedirectURL.
 */
export function withMessage(target: string, message: string, pkce: boolean): string {
  const url = new URL(target);
  if (pkce) url.searchParams.set('message', message);
  else url.hash = new URLSearchParams({ message }).toString();
  return url.href;
}

// GoTrue's oauthErrorMap: the OAuth `error` word for each status.
const OAUTH_ERROR_BY_STATUS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export interface RedirectError {
  /** The OAuth `error` word, e.g. access_denied. */
  error: string;
  /** Our (GoTrue's) error code, when the failure is ours rather than the provider's. */
  code?: string;
  description: string;
}

// Refusals of this person, not of the request's form (GoTrue's getErrorQueryString).
const ACCESS_DENIED_CODES = new Set([
  'user_banned',
  'provider_email_needs_verification',
  'otp_expired',
  'email_exists',
]);

export function fromApiError(err: AuthApiError): RedirectError {
  const error = ACCESS_DENIED_CODES.has(err.code)
    ? 'access_denied'
    : (OAUTH_ERROR_BY_STATUS[err.status] ?? 'server_error');
  return { error, code: err.code, description: err.message };
}

/**
 * The target carrying the failure in its query and, as GoTrue also still
 * does, its fragment, so that both kinds of client find it.
 */
export function withError(target: string, failure: RedirectError): string {
  const url = new URL(target);
  const fields: [string, string][] = [
    ['error', failure.error],
    ['error_description', failure.description],
  ];
  if (failure.code) fields.push(['error_code', failure.code]);
  const fragment = new URLSearchParams();
  for (const [name, value] of fields) {
    url.searchParams.set(name, value);
    fragment.set(name, value);
  }
  url.hash = fragment.toString();
  return url.href;
}
