import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { ProviderAccount, OidcProvider } from '../helpers/oidc-provider.ts';
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

/** supabase-js as the web app makes it (PKCE), keeping its storage in memory where a test can read it. */
export function pkceClient(server: TestServer): {
  client: SupabaseClient;
  store: Map<string, string>;
} {
  const store = new Map<string, string>();
  const client = createClient(server.url, server.anonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
  return { client, store };
}

/** The PKCE verifier supabase-js keeps for the flow it started (stored as JSON). */
function storedCodeVerifier(store: Map<string, string>): string {
  const entry = [...store].find(([key]) => key.endsWith('-code-verifier'));
  if (!entry) throw new Error('supabase-js stored no code verifier');
  return String(JSON.parse(entry[1])).split('/')[0] ?? '';
}

/** One redirect, not followed: its status and where it points. */
export async function hop(url: string): Promise<{ status: number; location: URL }> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.body?.cancel();
  const location = res.headers.get('location');
  if (!location) throw new Error(`${url} answered ${res.status} without a redirect`);
  return { status: res.status, location: new URL(location, url) };
}

export interface StartedSignIn {
  client: SupabaseClient;
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
  const { client, store } = implicit
    ? { client: server.client(), store: new Map<string, string>() }
    : pkceClient(server);
  const { data, error } = await client.auth.signInWithOAuth({
    provider: 'google',
    options: { redirectTo, skipBrowserRedirect: true, queryParams: { access_type: 'offline' } },
  });
  expect(error).toBeNull();
  const authorizeUrl = new URL(data.url ?? '');
  const toProvider = await hop(authorizeUrl.href);
  expect(toProvider.status).toBe(302);
  provider.signInAs(account);
  const toCallback = await hop(toProvider.location.href);
  return {
    client,
    authorizeUrl,
    providerUrl: toProvider.location,
    callbackUrl: toCallback.location,
    codeVerifier: () => storedCodeVerifier(store),
  };
}

/** The whole round trip to the app's /auth/callback, and the code exchanged there. */
export async function signInWithGoogle(
  server: TestServer,
  provider: OidcProvider,
  account: ProviderAccount,
) {
  const started = await startGoogleSignIn(server, provider, account);
  const back = await hop(started.callbackUrl.href);
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
