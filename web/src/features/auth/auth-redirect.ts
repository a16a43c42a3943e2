import { authErrorText } from '../../session/auth-error-text.ts';

interface UrlParts {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * The error an auth redirect carries (GoTrue puts error/error_description in
 * the query for PKCE and in the fragment for the implicit flow), if any, as
 * the text the user should read.
 */
export function redirectError(location: Pick<UrlParts, 'search' | 'hash'>): string | null {
  for (const params of [
    new URLSearchParams(location.search),
    new URLSearchParams(location.hash.replace(/^#/, '')),
  ]) {
    const reported = params.get('error_description') || params.get('error');
    if (reported) return authErrorText(params.get('error_code'), reported);
  }
  return null;
}

/**
 * A confirmation link lands on the site with `?code=`; supabase-js exchanges
 * it for a session when this browser holds the PKCE verifier of the sign-up.
 * A code still there for a signed-out visitor means that did not happen (the
 * link was opened in another browser, or the exchange failed) — but /verify
 * confirmed the address before it issued the code, so a password sign-in works.
 */
export const CONFIRMED_ELSEWHERE =
  'Your email address is confirmed, but this browser could not sign you in with the link. Please sign in.';

/** For a signed-out visitor who arrived from an auth link: why it did not sign them in. */
export function landingFailure(location: Pick<UrlParts, 'search' | 'hash'>): string | null {
  const reported = redirectError(location);
  if (reported) return reported;
  return new URLSearchParams(location.search).has('code') ? CONFIRMED_ELSEWHERE : null;
}

// What GoTrue and supabase-js put into a redirect; none of it means anything
// once the landing has been handled.
const AUTH_PARAMS = ['code', 'sb_flow_id', 'error', 'error_code', 'error_description'];

/** `location` without the auth redirect's parameters, in query and fragment. */
export function withoutAuthParams<T extends UrlParts>(location: T): T {
  if (!hasAuthParams(location)) return location;
  const search = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fragmentIsAuth = AUTH_PARAMS.some((name) => fragment.has(name));
  AUTH_PARAMS.forEach((name) => search.delete(name));
  const query = search.toString();
  return {
    ...location,
    search: query ? `?${query}` : '',
    hash: fragmentIsAuth ? '' : location.hash,
  };
}

/** Whether `location` carries an auth redirect's parameters. */
export function hasAuthParams(location: Pick<UrlParts, 'search' | 'hash'>): boolean {
  const search = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  return AUTH_PARAMS.some((name) => search.has(name) || fragment.has(name));
}
