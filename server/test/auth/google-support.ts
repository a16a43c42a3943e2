import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { CookieJar, follow, pkceClient, storedCodeVerifier } from '../helpers/browser.ts';
import type { ProviderAccount, OidcProvider } from '@energy-tracker/test-support/oidc-provider';
import type { TestServer } from '../helpers/test-server.ts';

// The browser's part of Google sign-in, played with fetch: follow each
// redirect by hand so that every hop can be inspected (and tampered with).

export const GOOGLE_CLIENT_ID = 'energy-tracker-test-client';

export function googleEnv(provider: OidcProvider): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_ISSUER: provider.issuer,
  };
}

export interface StartedSignIn {
  client: SupabaseClient;
  /** The cookies of the browser that started the sign-in. */
  browser: CookieJar;
  /** Our /authorize URL, as supabase-js built it. */
  authorizeUrl: URL;
  /** The provider's authorization endpoint URL we redirected to. */
  providerUrl: URL;
  /** Where the provider sends the browser back: our /callback with code and state. */
  callbackUrl: URL;
  /** The verifier only this client knows (PKCE flows). */
  codeVerifier(): string;
}

/** Up to the provider's answer: the app's button, our /authorize, the provider's consent. */
export async function startGoogleSignIn(
  server: TestServer,
  provider: OidcProvider,
  account: ProviderAccount,
  { implicit = false, redirectTo = `${server.url}/auth/callback` } = {},
): Promise<StartedSignIn> {
  const client = implicit ? server.client() : pkceClient(server);
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true, queryParams: { access_type: 'offline' } },
  });
  expect(error).toBeNull();
  const authorizeUrl = new URL(data.url ?? '');
  const browser = new CookieJar();
  const toProvider = await follow(authorizeUrl.href, browser);
  expect(toProvider.status).toBe(302);
  provider.signInAs(account);
  const toCallback = await follow(toProvider.location.href, browser);
  return {
    client,
    browser,
    authorizeUrl,
    providerUrl: toProvider.location,
    callbackUrl: toCallback.location,
    codeVerifier: () => storedCodeVerifier(client),
  };
}

/** The whole round trip to the app's /auth/callback, and the code exchanged there. */
export async function signInWithGoogle(
  server: TestServer,
  provider: OidcProvider,
  account: ProviderAccount,
) {
  const started = await startGoogleSignIn(server, provider, account);
  const back = await follow(started.callbackUrl.href, started.browser);
  const code = back.location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.location.href}`);
  const { data, error } = await started.client.auth.exchangeCodeForSession(code);
  expect(error).toBeNull();
  if (!data.session) throw new Error('no session');
  return { ...started, session: data.session };
}

/** The error a redirect carries, as the app reads it from the query. */
export function redirectError(location: URL) {
  return {
    error: location.searchParams.get('error'),
    code: location.searchParams.get('error_code'),
    description: location.searchParams.get('error_description'),
  };
}
