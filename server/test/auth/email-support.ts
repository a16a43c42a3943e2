import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { linkIn, type Mailbox } from '../helpers/mailbox.ts';
import { uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import { PASSWORD } from './support.ts';

// Helpers for the e-mail flows: clients as the web app makes them, and
// following a link from a message as a browser would.

/**
 * A supabase-js client as the web app makes it (flowType 'pkce'), with its own
 * in-memory storage, so that the code verifier made at sign-up is still there
 * when the code from the link is exchanged.
 */
export function pkceClient(server: TestServer): SupabaseClient {
  const items = new Map<string, string>();
  return createClient(server.url, server.anonKey, {
    auth: {
      flowType: 'pkce',
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

export interface Followed {
  status: number;
  location: URL;
  query: URLSearchParams;
  fragment: URLSearchParams;
}

/** Opens a link as a browser would, without following the redirect. */
export async function follow(link: string): Promise<Followed> {
  const res = await fetch(link, { redirect: 'manual' });
  await res.arrayBuffer();
  const location = new URL(res.headers.get('location') ?? 'about:blank');
  return {
    status: res.status,
    location,
    query: location.searchParams,
    fragment: new URLSearchParams(location.hash.slice(1)),
  };
}

export function expectOtpExpired(followed: Followed, redirectTo: string): void {
  expect(followed.status).toBe(303);
  const target = new URL(redirectTo);
  expect(followed.location.origin + followed.location.pathname).toBe(
    target.origin + target.pathname,
  );
  for (const params of [followed.query, followed.fragment]) {
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  }
}

export interface ConfirmedUser {
  client: SupabaseClient;
  email: string;
  userId: string;
}

/** Signs up through supabase-js, follows the link that arrives, and exchanges its code. */
export async function confirmedUser(
  server: TestServer,
  mailbox: Mailbox,
  label = 'confirmed',
): Promise<ConfirmedUser> {
  const client = pkceClient(server);
  const email = uniqueEmail(label);
  const { error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { emailRedirectTo: `${server.url}/` },
  });
  expect(error).toBeNull();
  const followed = await follow(linkIn(await mailbox.next(email)));
  const code = followed.query.get('code');
  if (!code) throw new Error(`no code in ${followed.location.href}`);
  const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(code);
  expect(exchangeError).toBeNull();
  if (!data.user) throw new Error('no user after the code exchange');
  return { client, email, userId: data.user.id };
}
