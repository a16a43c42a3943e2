import { randomUUID } from 'node:crypto';
import { isAuthSessionMissingError, isAuthWeakPasswordError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { MAX_USER_METADATA_BYTES } from '../../src/auth/accounts/metadata-size.ts';
import { uniqueEmail } from '../helpers/test-server.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import {
  authRequest,
  bearer,
  decodeJwt,
  expectAuthError,
  PASSWORD,
  signUp,
  type RawResponse,
} from './support.ts';

const server = await serverForFile();

const getUserWith = (token: string): Promise<RawResponse> =>
  authRequest(server, '/user', { headers: bearer(token) });

function sign(claims: Record<string, unknown>, secret = server.jwtSecret): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

describe('GET /user', () => {
  it('returns the signed-in user as GoTrue does', async () => {
    const { client, session } = await signUp(server, 'me');
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toEqual(session.user);
  });

  it('refuses a request without a bearer token with 401 no_authorization', async () => {
    const res = await authRequest(server, '/user');
    expectAuthError(res, 401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const notBearer = await authRequest(server, '/user', { headers: { Authorization: 'Basic x' } });
    expectAuthError(notBearer, 401, 'no_authorization');
  });

  it('refuses tampered, expired, unsigned and foreign tokens with 403 bad_jwt', async () => {
    const { session } = await signUp(server, 'jwt');
    const [header, payload, signature] = session.access_token.split('.') as [
      string,
      string,
      string,
    ];
    const claims = decodeJwt(session.access_token);

    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
      'base64url',
    );
    const tampered = `${header}.${elevated}.${signature}`;
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const foreign = await sign(claims, 'another-secret-that-is-long-enough-for-hs256');
    const garbage = 'not.a.jwt';

    for (const token of [tampered, expired, none, foreign, garbage]) {
      const res = await getUserWith(token);
      expectAuthError(res, 403, 'bad_jwt', /^invalid JWT: unable to parse or verify signature/);
    }
    expect(((await getUserWith(expired)).body as { message: string }).message).toMatch(/expired/);

    // supabase-js surfaces the same refusal.
    const viaClient = await server.client().auth.getUser(none);
    expect(viaClient.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    expect(viaClient.data.user).toBeNull();
  });

  it('refuses the anon key, which names no user', async () => {
    const res = await getUserWith(server.anonKey);
    expectAuthError(res, 403, 'bad_jwt', 'invalid claim: missing sub claim');
  });

  it('refuses a valid token whose session or user is gone', async () => {
    const { session } = await signUp(server, 'gone');
    const claims = decodeJwt(session.access_token);
    const otherSession = await sign({ ...claims, session_id: randomUUID() });
    expectAuthError(await getUserWith(otherSession), 403, 'session_not_found');
    const viaClient = await server.client().auth.getUser(otherSession);
    expect(isAuthSessionMissingError(viaClient.error)).toBe(true);

    const ghost = await sign({ ...claims, sub: randomUUID(), session_id: undefined });
    expectAuthError(await getUserWith(ghost), 403, 'user_not_found');
    const notUuid = await sign({ ...claims, sub: 'someone' });
    expectAuthError(await getUserWith(notUuid), 400, 'bad_jwt');
  });
});

describe('PUT /user', () => {
  it('merges data into user_metadata, keeping old keys; null removes a key', async () => {
    const client = server.client();
    const email = uniqueEmail('meta');
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { theme: 'dark', nickname: 'Ada' } },
    });

    const { data, error } = await client.auth.updateUser({
      data: { city: 'Oslo', theme: 'light' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({
      nickname: 'Ada',
      theme: 'light',
      city: 'Oslo',
      email_verified: true,
    });
    const removed = await client.auth.updateUser({ data: { nickname: null } });
    expect(removed.data.user?.user_metadata).toEqual({
      theme: 'light',
      city: 'Oslo',
      email_verified: true,
    });

    // The change is stored, and the next access token carries it.
    const me = await client.auth.getUser();
    expect(me.data.user?.user_metadata).toMatchObject({ theme: 'light', city: 'Oslo' });
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token ?? '')['user_metadata']).toMatchObject({
      theme: 'light',
      city: 'Oslo',
    });
  });

  it('changes the password and ends the other sessions, but not this one', async () => {
    const { client, email } = await signUp(server, 'newpass');
    const other = server.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    const { error } = await client.auth.updateUser({ password: 'a brand new secret' });
    expect(error).toBeNull();

    const oldLogin = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(oldLogin.error).toMatchObject({ code: 'invalid_credentials' });
    const newLogin = await server
      .client()
      .auth.signInWithPassword({ email, password: 'a brand new secret' });
    expect(newLogin.error).toBeNull();

    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await other.auth.refreshSession()).error).toMatchObject({ status: 400 });
  });

  it('refuses the same password, and a weak one', async () => {
    const { client } = await signUp(server, 'samepass');
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error).toMatchObject({ status: 422, reasons: ['length'] });
  });

  it('changes the e-mail address at once while no e-mail can be sent', async () => {
    const { client } = await signUp(server, 'move');
    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({ email: newEmail.toUpperCase() });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.identities?.[0]?.identity_data?.['email']).toBe(newEmail);
    const login = await server
      .client()
      .auth.signInWithPassword({ email: newEmail, password: PASSWORD });
    expect(login.error).toBeNull();
  });

  it("refuses an address that is someone else's, or invalid", async () => {
    const { email: taken } = await signUp(server, 'taken');
    const { client } = await signUp(server, 'thief');
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const invalid = await client.auth.updateUser({ email: 'nope' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('refuses app_metadata from a user, who is no admin', async () => {
    const { session } = await signUp(server, 'admin');
    const res = await authRequest(server, '/user', {
      method: 'PUT',
      headers: { ...bearer(session.access_token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expectAuthError(res, 403, 'not_admin', 'Updating app_metadata requires admin privileges');
    const me = await getUserWith(session.access_token);
    expect((me.body as { app_metadata: unknown }).app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
    });
  });

  it('refuses an update without a valid bearer token', async () => {
    const res = await authRequest(server, '/user', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { x: 1 } }),
    });
    expectAuthError(res, 401, 'no_authorization');
  });
});

// user_metadata rides in every token, and the token in a header: one account
// must not grow it past what a request's headers can carry (ADR 065). GoTrue
// has no bound.
describe('the size of user metadata', () => {
  const BOUND_KIB = MAX_USER_METADATA_BYTES / 1024;
  const kib = (n: number) => 'x'.repeat(n * 1024);
  /** Text whose JSON is exactly `bytes` long inside {"bio":…}, of characters that take 3 bytes. */
  const widest = (bytes: number) => '€'.repeat(Math.floor((bytes - '{"bio":""}'.length) / 3));

  it(`refuses a sign-up whose data is over ${BOUND_KIB} KiB, and makes no account`, async () => {
    const email = uniqueEmail('big-signup');
    const { error } = await server.client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { bio: kib(BOUND_KIB + 1) } },
    });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(error?.message).toMatch(new RegExp(`at most ${BOUND_KIB} KiB`));
    const { rows } = await server.database.db.query(`SELECT 1 FROM auth.users WHERE email = $1`, [
      email,
    ]);
    expect(rows).toEqual([]);
  });

  it(`refuses an update that grows it past ${BOUND_KIB} KiB, changing nothing`, async () => {
    const { client } = await signUp(server, 'big-update');
    const first = await client.auth.updateUser({ data: { a: kib(BOUND_KIB / 2) } });
    expect(first.error).toBeNull();
    // Each part fits; together they would not.
    const grown = await client.auth.updateUser({
      data: { b: kib(BOUND_KIB / 2) },
      password: 'not set when refused',
    });
    expect(grown.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const { data } = await client.auth.getUser();
    expect(Object.keys(data.user?.user_metadata ?? {}).sort()).toEqual(['a', 'email_verified']);
    // Removing a key makes room again.
    const replaced = await client.auth.updateUser({ data: { a: null, b: kib(BOUND_KIB / 2) } });
    expect(replaced.error).toBeNull();
  });

  it('refuses 15,000 characters, which made a token too big for any request to carry', async () => {
    const { client } = await signUp(server, 'header-filler');
    const { error } = await client.auth.updateUser({ data: { x: 'a'.repeat(15_000) } });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('leaves the largest accepted metadata a token every request can carry', async () => {
    const { client, email } = await signUp(server, 'widest');
    const widestBio = widest(MAX_USER_METADATA_BYTES - 40);
    const set = await client.auth.updateUser({ data: { bio: widestBio } });
    expect(set.error).toBeNull();
    const { data, error } = await server.client().auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeJwt(token)['user_metadata']).toMatchObject({ bio: widestBio });
    // With the headers a browser adds besides, as supabase-js sends them.
    const headers = { ...bearer(token), 'user-agent': 'x'.repeat(500), cookie: 'y'.repeat(2000) };
    expect((await authRequest(server, '/user', { headers })).status).toBe(200);
    const read = await fetch(`${server.url}/rest/v1/activities?select=created_at`, {
      headers: { apikey: server.anonKey, ...headers },
    });
    expect(read.status).toBe(200);
  });

  it('leaves out of the token metadata stored before the bound, and the account still works', async () => {
    const { client, email, session } = await signUp(server, 'stored-before');
    await server.database.db.query(
      `UPDATE auth.users SET raw_user_meta_data = jsonb_build_object('x', repeat('a', 15000))
        WHERE id = $1`,
      [session.user.id],
    );
    const { data, error } = await server.client().auth.signInWithPassword({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token)['user_metadata']).toEqual({});
    expect(data.user?.user_metadata['x']).toHaveLength(15_000);
    // The person can shrink it again.
    const shrunk = await client.auth.updateUser({ data: { x: null } });
    expect(shrunk.error).toBeNull();
  });
});
