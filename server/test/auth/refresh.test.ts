import { isAuthSessionMissingError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import {
  authRequest,
  bearer,
  decodeJwt,
  expectAuthError,
  expectRefusedWithoutSession,
  PASSWORD,
  postJson,
  type RawResponse,
  signUp,
} from './support.ts';

// Two servers: one with GoTrue's default 10 s reuse interval, one with none,
// so that "after the interval" needs no sleeping.
let server: TestServer;
let strict: TestServer;
beforeAll(async () => {
  [server, strict] = await Promise.all([
    startTestServer(),
    startTestServer({ REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '0' }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), strict.close()]);
});

const refresh = (target: TestServer, refreshToken: string): Promise<RawResponse> =>
  postJson(target, '/token?grant_type=refresh_token', { refresh_token: refreshToken });

function sessionOf(res: RawResponse): { access_token: string; refresh_token: string } {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

describe('POST /token?grant_type=refresh_token', () => {
  it('rotates the refresh token and issues a fresh access token for the same session', async () => {
    const { client, session } = await signUp(server, 'rotate');
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session;
    if (!next) throw new Error('no session');
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.user.id).toBe(session.user.id);
    expect(decodeJwt(next.access_token)['session_id']).toBe(
      decodeJwt(session.access_token)['session_id'],
    );
    // The refreshed access token keeps the original sign-in in its amr.
    expect(decodeJwt(next.access_token)['amr']).toEqual(decodeJwt(session.access_token)['amr']);
    const me = await client.auth.getUser(next.access_token);
    expect(me.error).toBeNull();

    // The new token rotates again in turn.
    const again = await client.auth.refreshSession();
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).not.toBe(next.refresh_token);
  });

  it('answers a just-rotated token, within the reuse interval, with the current token', async () => {
    const { session } = await signUp(server, 'reuse');
    const rotated = sessionOf(await refresh(server, session.refresh_token));

    // A client that never stored the rotation's answer tries the old token again.
    const { data, error } = await server
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBe(rotated.refresh_token);

    // Nothing was revoked: the current token still rotates normally.
    const next = sessionOf(await refresh(server, rotated.refresh_token));
    expect(next.refresh_token).not.toBe(rotated.refresh_token);
  });

  it('gives concurrent refreshes of one token the same new token', async () => {
    const { session } = await signUp(server, 'tabs');
    const answers = await Promise.all([1, 2, 3].map(() => refresh(server, session.refresh_token)));
    const tokens = new Set(answers.map((res) => sessionOf(res).refresh_token));
    expect(tokens.size).toBe(1);
    expect(tokens.has(session.refresh_token)).toBe(false);
  });

  it('ends the whole session when a rotated token comes back after the interval', async () => {
    const { session } = await signUp(strict, 'replay');
    const rotated = sessionOf(await refresh(strict, session.refresh_token));

    expectRefusedWithoutSession(
      await strict.client().auth.refreshSession({ refresh_token: session.refresh_token }),
      {
        status: 400,
        code: 'refresh_token_already_used',
        message: 'Invalid Refresh Token: Already Used',
      },
    );

    // The session is dead: its newest refresh token and access token too.
    const newest = await refresh(strict, rotated.refresh_token);
    expect(newest.status).toBe(400);
    expect((newest.body as { code: string }).code).toMatch(/^refresh_token_/);
    const me = await authRequest(strict, '/user', { headers: bearer(rotated.access_token) });
    expectAuthError(me, 403, 'session_not_found');
  });

  it('refuses an unknown refresh token, and a malformed one', async () => {
    const unknown = await server.client().auth.refreshSession({ refresh_token: 'A'.repeat(43) });
    expect(unknown.error).toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const short = await refresh(server, 'abc');
    expectAuthError(short, 400, 'validation_failed', 'Refresh token is not valid');
    const missing = await postJson(server, '/token?grant_type=refresh_token', {});
    expectAuthError(missing, 400, 'validation_failed', 'Refresh token is not valid');
  });
});

describe('POST /logout', () => {
  it('signs out everywhere by default: refresh and access tokens stop working', async () => {
    const { client, email, session } = await signUp(server, 'logout');
    const other = server.client();
    const otherLogin = await other.auth.signInWithPassword({ email, password: PASSWORD });
    expect(otherLogin.error).toBeNull();

    const raw = await authRequest(server, '/logout', {
      method: 'POST',
      headers: bearer(session.access_token),
    });
    expect(raw.status).toBe(204);
    expect(raw.body).toBeUndefined();

    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    const again = await server
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(again.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const otherRefresh = await other.auth.refreshSession();
    expect(otherRefresh.error).toMatchObject({ status: 400 });
    const me = await server.client().auth.getUser(session.access_token);
    expect(isAuthSessionMissingError(me.error)).toBe(true);
  });

  it('signs out through supabase-js and leaves the client without a session', async () => {
    const { client, session } = await signUp(server, 'sbjs');
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const after = await refresh(server, session.refresh_token);
    expectAuthError(after, 400, 'refresh_token_not_found');
  });

  it('ends only the current session with scope=local', async () => {
    const { client, email, session } = await signUp(server, 'local');
    const other = server.client();
    await other.auth.signInWithPassword({ email, password: PASSWORD });

    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expectAuthError(await refresh(server, session.refresh_token), 400, 'refresh_token_not_found');
    const otherRefresh = await other.auth.refreshSession();
    expect(otherRefresh.error).toBeNull();
  });

  it('ends every other session with scope=others', async () => {
    const { client, email } = await signUp(server, 'others');
    const other = server.client();
    const otherLogin = await other.auth.signInWithPassword({
      email,
      password: PASSWORD,
    });

    expect((await client.auth.signOut({ scope: 'others' })).error).toBeNull();
    const mine = await client.auth.refreshSession();
    expect(mine.error).toBeNull();
    const theirs = await refresh(server, otherLogin.data.session?.refresh_token ?? '');
    expectAuthError(theirs, 400, 'refresh_token_not_found');
  });

  it('refuses an unknown scope and a request without a bearer token', async () => {
    const { session } = await signUp(server, 'scope');
    const bad = await authRequest(server, '/logout?scope=everything', {
      method: 'POST',
      headers: bearer(session.access_token),
    });
    expectAuthError(bad, 400, 'validation_failed', 'Unsupported logout scope "everything"');
    const anonymous = await authRequest(server, '/logout', { method: 'POST' });
    expectAuthError(
      anonymous,
      401,
      'no_authorization',
      'This endpoint requires a valid Bearer token',
    );
    // Neither call ended the session.
    expect((await refresh(server, session.refresh_token)).status).toBe(200);
  });
});
