import { isAuthApiError, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { uniqueEmail, type TestServer } from '../helpers/test-server.ts';

// Small helpers shared by the auth tests: raw HTTP for the wire details that
// supabase-js hides, and a signed-up user made through supabase-js itself.

export const PASSWORD = 'correct horse battery';

/** A timestamp as GoTrue writes them (RFC 3339, UTC). */
export const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A request to /auth/v1 with the anon key, as supabase-js would send it unless told otherwise. */
export async function authRequest(
  server: TestServer,
  path: string,
  init: RequestInit & { apikey?: string | null } = {},
): Promise<RawResponse> {
  const { apikey, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (apikey !== null && !headers.has('apikey')) headers.set('apikey', apikey ?? server.anonKey);
  const res = await fetch(`${server.url}/auth/v1${path}`, { ...rest, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text, the test will say so
  }
  return { status: res.status, headers: res.headers, body };
}

export function postJson(
  server: TestServer,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  return authRequest(server, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Asserts GoTrue's error format: status, both code fields, both message fields, version header. */
export function expectAuthError(
  res: RawResponse,
  status: number,
  code: string,
  message?: string | RegExp,
): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  expect(res.body).toMatchObject({ code, error_code: code });
  const body = res.body as { message: unknown; msg: unknown };
  expect(typeof body.message).toBe('string');
  expect(body.msg).toBe(body.message);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
}

export interface SignedUp {
  client: SupabaseClient;
  email: string;
  session: Session;
}

/** Signs a new user up through supabase-js; the client then holds the session. */
export async function signUp(server: TestServer, label = 'user'): Promise<SignedUp> {
  const client = server.client();
  const email = uniqueEmail(label);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  if (!data.session) throw new Error('sign-up gave no session');
  return { client, email, session: data.session };
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Whether the address and password sign in now, as the login screen would try. */
export async function canSignIn(
  server: TestServer,
  email: string,
  password = PASSWORD,
): Promise<boolean> {
  const { error } = await server.client().auth.signInWithPassword({ email, password });
  return error === null;
}

/** How many accounts hold the address, in any case. */
export async function accountsWith(server: TestServer, email: string): Promise<number> {
  const { rows } = await server.database.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM auth.users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.n ?? 0;
}

/** A supabase-js auth call the server refused: an API error with this status, code and message, and no session. */
export function expectRefusedWithoutSession(
  answer: { data: { session: Session | null }; error: unknown },
  refusal: { status: number; code: string; message: string },
): void {
  expect(isAuthApiError(answer.error)).toBe(true);
  expect(answer.error).toMatchObject(refusal);
  expect(answer.data.session).toBeNull();
}
