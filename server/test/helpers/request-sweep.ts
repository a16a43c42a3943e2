import type { TestServer } from './test-server.ts';

// The pieces of a seeded sweep of odd requests: whatever the shape, the answer
// must be a 4xx (or a success), never a 5xx. The seed makes a failure
// reproducible; the pieces are what real clients and attackers send.

export function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'text/csv',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
  '',
];
export const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'text/csv',
  '*/*',
  'application/xml',
  'application/vnd.pgrst.object+json;nulls=stripped',
];
export const PREFERS = [
  'return=representation',
  'return=minimal',
  'count=exact',
  'missing=default',
  'return=representation,count=exact',
  'resolution=merge-duplicates',
  'count=bogus',
  'tx=rollback',
];
export const RANGES = ['0-9', '5-2', 'x-y', '0-', '-5', '99999999999999999999-1'];

export interface SweepShape {
  server: TestServer;
  /** A signed-in user's access token; some requests carry it, some a broken copy. */
  userToken: string;
  seed: number;
  requests: number;
  paths: string[];
  queryParts: string[];
  bodies: Array<string | undefined>;
  methods: string[];
}

/** Sends the seeded requests; answers one line per request that got a 5xx. */
export async function sweep({
  server,
  userToken,
  seed,
  requests,
  paths,
  queryParts,
  bodies,
  methods,
}: SweepShape): Promise<string[]> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const failures: string[] = [];
  for (let i = 0; i < requests; i++) {
    const method = pick(methods);
    const base = pick(paths);
    const query = Array.from({ length: Math.floor(random() * 4) }, () => pick(queryParts));
    const separator = base.includes('?') ? '&' : '?';
    const path = query.length ? `${base}${separator}${query.join('&')}` : base;
    const headers: Record<string, string> = {};
    if (random() < 0.9) headers['apikey'] = server.anonKey;
    const auth = random();
    if (auth < 0.4) headers['authorization'] = `Bearer ${userToken}`;
    else if (auth < 0.5) headers['authorization'] = `Bearer ${userToken.slice(0, -3)}abc`;
    else if (auth < 0.55) headers['authorization'] = 'Bearer not.a.jwt';
    else if (auth < 0.6) headers['authorization'] = 'Basic dXNlcjpwYXNz';
    if (random() < 0.5) headers['accept'] = pick(ACCEPTS);
    if (random() < 0.4) headers['prefer'] = pick(PREFERS);
    if (random() < 0.15) headers['range'] = pick(RANGES);
    const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
    if (body !== undefined && random() < 0.9) headers['content-type'] = pick(CONTENT_TYPES);
    const res = await fetch(`${server.url}${path}`, { method, headers, body });
    const text = await res.text();
    if (res.status >= 500) {
      failures.push(
        `#${i} ${method} ${path} ${JSON.stringify(headers)} body=${body?.slice(0, 80)} -> ${res.status} ${text.slice(0, 200)}`,
      );
    }
  }
  return failures;
}
