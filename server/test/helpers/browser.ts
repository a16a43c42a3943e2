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
      // As the web app makes its client: recovery codes are experimental in supabase-js.
      experimental: { recoveryCodes: true },
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

/**
 * Opens a link from one of our e-mails as a person does: the page it shows
 * (which must not use the link by itself), then its Continue button, whose
 * POST uses the link. Returns where that sends the browser.
 */
export async function openEmailLink(link: string): Promise<Followed> {
  const page = await fetch(link, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<form method="post" action="">')) {
    throw new Error(`no link page at ${link}: ${page.status} ${html.slice(0, 200)}`);
  }
  return follow(link, undefined, 'POST');
}

/**
 * The cookies one browser holds for our server. Paths and expiry are not
 * modelled beyond what the redirect flows use: a cookie set with Max-Age=0
 * is dropped.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  keep(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get size(): number {
    return this.cookies.size;
  }
}

/**
 * Opens a link as a browser would, without following the redirect; with a
 * jar, as that browser (its cookies sent, and the answer's kept).
 */
export async function follow(
  link: string,
  jar?: CookieJar,
  method: 'GET' | 'POST' = 'GET',
): Promise<Followed> {
  const headers: Record<string, string> = jar && jar.size > 0 ? { cookie: jar.header() } : {};
  // A form with no fields posts an empty urlencoded body.
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(link, { redirect: 'manual', method, headers });
  jar?.keep(res);
  await res.arrayBuffer();
  const location = new URL(res.headers.get('location') ?? 'about:blank', link);
  return {
    status: res.status,
    location,
    query: location.searchParams,
    fragment: new URLSearchParams(location.hash.slice(1)),
  };
}
