import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './test-server.ts';

// What a browser contributes to the redirect flows (Google, e-mail links):
// a supabase-js client that keeps its storage between the start of a flow
// and its end, and opening a URL without following where it redirects.

const storages = new WeakMap<SupabaseClient, Map<string, string>>();

/**
 * supabase-js as the web app makes it (flowType 'pkce'), with its own
 * in-memory storage, so that the code verifier made when a flow starts is
 * still there when its code is exchanged.
 */
export function pkceClient(server: TestServer): SupabaseClient {
  const items = new Map<string, string>();
  const client = createClient(server.url, server.anonKey, {
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
  storages.set(client, items);
  return client;
}

/** The PKCE verifier a pkceClient keeps for the flow it started (supabase-js stores it as JSON). */
export function storedCodeVerifier(client: SupabaseClient): string {
  const entry = [...(storages.get(client) ?? [])].find(([key]) => key.endsWith('-code-verifier'));
  if (!entry) throw new Error('supabase-js stored no code verifier');
  return String(JSON.parse(entry[1])).split('/')[0] ?? '';
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
  const location = new URL(res.headers.get('location') ?? 'about:blank', link);
  return {
    status: res.status,
    location,
    query: location.searchParams,
    fragment: new URLSearchParams(location.hash.slice(1)),
  };
}
