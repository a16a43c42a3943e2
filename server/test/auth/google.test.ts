import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, follow } from '../helpers/browser.ts';
import { startOidcProvider, type OidcProvider } from '@energy-tracker/test-support/oidc-provider';
import {
  startTestServer,
  type TestServer,
  uniqueEmail,
  withTestServer,
} from '../helpers/test-server.ts';
import {
  googleEnv,
  GOOGLE_CLIENT_ID,
  redirectError,
  signInWithGoogle,
  startGoogleSignIn,
} from './google-support.ts';
import { expectAuthError, PASSWORD, postJson } from './support.ts';

// Google sign-in end to end against a real OpenID provider on loopback:
// supabase-js starts it, fetch plays the browser, supabase-js finishes it.

/** /authorize with this query, as the browser's navigation asks it: its redirect is not followed. */
const authorize = (target: TestServer, query: string) =>
  fetch(`${target.url}/auth/v1/authorize?${query}`, { redirect: 'manual' });

let provider: OidcProvider;
let server: TestServer;
beforeAll(async () => {
  provider = await startOidcProvider();
  server = await startTestServer(googleEnv(provider));
});
afterAll(async () => {
  await server.close();
  await provider.stop();
});

const googleAccount = (label: string) => ({
  sub: randomUUID(),
  email: uniqueEmail(label),
  email_verified: true,
  name: 'Grace Hopper',
  given_name: 'Grace',
  family_name: 'Hopper',
  picture: 'https://example.test/grace.png',
});

describe('GET /authorize?provider=google', () => {
  it('sends the browser to the provider with our own PKCE, a state, and access_type passed on', async () => {
    const { authorizeUrl, providerUrl } = await startGoogleSignIn(
      server,
      provider,
      googleAccount('authorize'),
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('s256');
    expect(providerUrl.origin + providerUrl.pathname).toBe(`${provider.issuer}/authorize`);
    const params = Object.fromEntries(providerUrl.searchParams);
    expect(params).toMatchObject({
      client_id: GOOGLE_CLIENT_ID,
      redirect_uri: `${server.url}/auth/v1/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      access_type: 'offline',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // Our challenge toward Google is our own, never the app's.
    expect(params['code_challenge']).not.toBe(authorizeUrl.searchParams.get('code_challenge'));
    // The app's redirect target and challenge stay with us, not in the URL.
    expect(params['redirect_to']).toBeUndefined();
  });

  it('refuses a half-given or malformed PKCE challenge', async () => {
    const res = await authorize(server, `provider=google&code_challenge=${'a'.repeat(43)}`);
    await expectAuthError(
      { status: res.status, headers: res.headers, body: await res.json() },
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
    const short = await authorize(
      server,
      'provider=google&code_challenge=abc&code_challenge_method=s256',
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('refuses providers other than Google', async () => {
    const res = await authorize(server, 'provider=github');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unsupported provider: github',
    });
  });

  it('never redirects to a foreign site: an unknown redirect_to falls back to the site URL', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('foreign'), {
      redirectTo: 'https://attacker.example/steal',
    });
    const back = await follow(started.callbackUrl.href);
    expect(back.location.origin).toBe(server.url);
    expect(back.location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the whole Google round trip', () => {
  it('creates a confirmed user with a google identity and signs them in', async () => {
    const account = googleAccount('new');
    const { session, client, callbackUrl } = await signInWithGoogle(server, provider, account);
    expect(callbackUrl.pathname).toBe('/auth/v1/callback');
    expect(session.user).toMatchObject({
      email: account.email,
      email_confirmed_at: expect.any(String),
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: {
        sub: account.sub,
        email: account.email,
        email_verified: true,
        full_name: 'Grace Hopper',
        given_name: 'Grace',
        family_name: 'Hopper',
        avatar_url: 'https://example.test/grace.png',
        iss: provider.issuer,
      },
    });
    expect(session.user.identities).toEqual([
      expect.objectContaining({ provider: 'google', id: account.sub, email: account.email }),
    ]);
    // A real session: the data API and the refresh both accept it.
    const { data: user } = await client.auth.getUser();
    expect(user.user?.id).toBe(session.user.id);
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const amr = JSON.parse(
      Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ).amr;
    expect(amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
  });

  it('signs the same Google account in as the same user the next time', async () => {
    const account = googleAccount('again');
    const first = await signInWithGoogle(server, provider, account);
    const second = await signInWithGoogle(server, provider, { ...account, name: 'G. Hopper' });
    expect(second.session.user.id).toBe(first.session.user.id);
    expect(second.session.user.identities).toHaveLength(1);
    expect(second.session.user.identities?.[0]?.identity_data?.['full_name']).toBe('G. Hopper');
    // What Google says is refreshed in user_metadata; names the person set are kept.
    expect(second.session.user.user_metadata).toMatchObject({ full_name: 'G. Hopper' });
    await second.client.auth.updateUser({ data: { first_name: 'Amazing' } });
    const third = await signInWithGoogle(server, provider, account);
    expect(third.session.user.user_metadata).toMatchObject({
      first_name: 'Amazing',
      full_name: 'Grace Hopper',
    });
  });

  it('does not link to an account whose address was never proven (no mail: refused, saying why)', async () => {
    // Without SMTP a password sign-up is confirmed with no proof of the
    // address: an impostor may have made it before the owner uses Google.
    const email = uniqueEmail('unproven');
    const signUp = await server.client().auth.signUp({ email, password: PASSWORD });
    const existingId = signUp.data.user?.id;
    const started = await startGoogleSignIn(server, provider, {
      ...googleAccount('unproven'),
      email: email.toUpperCase(),
    });
    const back = await follow(started.callbackUrl.href);
    expect(back.location.pathname).toBe('/auth/callback');
    expect(redirectError(back.location)).toMatchObject({
      error: 'access_denied',
      code: 'email_exists',
      description: expect.stringContaining('Sign in with its e-mail address and password'),
    });
    const { rows } = await server.database.db.query(
      `SELECT provider FROM auth.identities WHERE user_id = $1`,
      [existingId],
    );
    expect(rows).toEqual([{ provider: 'email' }]);
    const password = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(password.data.user?.id).toBe(existingId);
  });

  it('taking over an unconfirmed account drops the unproven password (no pre-account takeover)', async () => {
    const email = uniqueEmail('unconfirmed');
    const signUp = await server.client().auth.signUp({ email, password: PASSWORD });
    const id = signUp.data.user?.id;
    await server.database.db.query(
      `UPDATE auth.users SET email_confirmed_at = NULL WHERE id = $1`,
      [id],
    );
    const { session } = await signInWithGoogle(server, provider, {
      ...googleAccount('unconfirmed'),
      email,
    });
    expect(session.user.id).toBe(id);
    expect(session.user.email_confirmed_at).toEqual(expect.any(String));
    expect(session.user.identities?.map((i) => i.provider)).toEqual(['google']);
    const password = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(password.error?.code).toBe('invalid_credentials');
  });

  it('does not link on an address the provider has not verified', async () => {
    const email = uniqueEmail('unverified');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const started = await startGoogleSignIn(server, provider, {
      ...googleAccount('unverified'),
      email,
      email_verified: false,
    });
    const back = await follow(started.callbackUrl.href);
    expect(back.location.pathname).toBe('/auth/callback');
    expect(redirectError(back.location)).toMatchObject({
      error: 'access_denied',
      code: 'provider_email_needs_verification',
    });
    const { rows } = await server.database.db.query(
      `SELECT provider FROM auth.identities i JOIN auth.users u ON u.id = i.user_id
        WHERE u.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ provider: 'email' }]);
  });

  it('supports the implicit flow: tokens in the fragment', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('implicit'), {
      implicit: true,
    });
    const back = await follow(started.callbackUrl.href, started.browser);
    expect(back.location.search).toBe('');
    const fragment = new URLSearchParams(back.location.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    const { data, error } = await server.client().auth.getUser(fragment.get('access_token') ?? '');
    expect(error).toBeNull();
    expect(data.user?.app_metadata['provider']).toBe('google');
  });
});

describe('what must fail', () => {
  it('an implicit sign-in finishes only in the browser that started it (no login CSRF)', async () => {
    const attacker = googleAccount('login-csrf');
    const started = await startGoogleSignIn(server, provider, attacker, { implicit: true });
    // The attacker stops at the callback URL and makes a victim's browser open it.
    const victim = new CookieJar();
    const inVictim = await follow(started.callbackUrl.href, victim);
    expect(inVictim.fragment.get('access_token')).toBeNull();
    expect(redirectError(inVictim.location)).toEqual({
      error: 'invalid_request',
      code: 'bad_oauth_state',
      description: 'OAuth state was started in another browser',
    });
    // The browser that started it still can, once; its cookie is then cleared.
    const inStarter = await follow(started.callbackUrl.href, started.browser);
    expect(inStarter.fragment.get('token_type')).toBe('bearer');
    expect(started.browser.size).toBe(0);
  });

  it('the binding cookie is HttpOnly, SameSite=Lax, scoped to the callback and short-lived', async () => {
    const client = server.client();
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { skipBrowserRedirect: true },
    });
    const res = await fetch(data.url ?? '', { redirect: 'manual' });
    const [cookie = ''] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^et-oauth-[0-9a-f-]{36}=[\w-]{43}; /);
    expect(cookie).toContain('Path=/auth/v1/callback');
    expect(cookie).toContain('Max-Age=300');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // A PKCE flow is bound by its verifier and sets no cookie.
    const pkce = await startGoogleSignIn(server, provider, googleAccount('pkce-no-cookie'));
    expect(pkce.browser.size).toBe(0);
  });

  it('a tampered state goes back to the site with bad_oauth_state, and nobody is signed in', async () => {
    const account = googleAccount('tampered');
    const started = await startGoogleSignIn(server, provider, account);
    const tampered = new URL(started.callbackUrl);
    tampered.searchParams.set('state', randomUUID());
    const back = await follow(tampered.href);
    expect(back.location.origin + back.location.pathname).toBe(`${server.url}/`);
    expect(redirectError(back.location)).toEqual({
      error: 'invalid_request',
      code: 'bad_oauth_state',
      description: 'OAuth state not found or expired',
    });
    // GoTrue also repeats the error in the fragment for implicit-flow clients.
    expect(new URLSearchParams(back.location.hash.slice(1)).get('error_code')).toBe(
      'bad_oauth_state',
    );
    tampered.searchParams.set('state', 'not-a-uuid');
    expect(redirectError((await follow(tampered.href)).location).code).toBe('bad_oauth_state');
    tampered.searchParams.delete('state');
    expect(redirectError((await follow(tampered.href)).location).code).toBe('bad_oauth_callback');
    const { rows } = await server.database.db.query(`SELECT 1 FROM auth.users WHERE email = $1`, [
      account.email,
    ]);
    expect(rows).toEqual([]);
  });

  it('a wrong code verifier is refused; the right one still works once', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('verifier'));
    const back = await follow(started.callbackUrl.href);
    const code = back.location.searchParams.get('code');
    const wrong = await postJson(server, '/token?grant_type=pkce', {
      auth_code: code,
      code_verifier: 'x'.repeat(56),
    });
    expectAuthError(
      wrong,
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
    const right = await started.client.auth.exchangeCodeForSession(code ?? '');
    expect(right.error).toBeNull();
    expect(right.data.session?.user.app_metadata['provider']).toBe('google');
  });

  it('an auth code is good for one session only, even when presented twice at once', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('reuse'));
    const code = (await follow(started.callbackUrl.href)).location.searchParams.get('code') ?? '';
    const verifier = started.codeVerifier();
    const attempts = await Promise.all(
      [1, 2].map(() =>
        postJson(server, '/token?grant_type=pkce', { auth_code: code, code_verifier: verifier }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 404]);
    const again = await postJson(server, '/token?grant_type=pkce', {
      auth_code: code,
      code_verifier: verifier,
    });
    expectAuthError(
      again,
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  });

  it('the provider callback cannot be replayed', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('replay'));
    expect((await follow(started.callbackUrl.href)).location.searchParams.get('code')).toBeTruthy();
    const replay = await follow(started.callbackUrl.href);
    expect(redirectError(replay.location).code).toBe('flow_state_already_used');
  });

  it('a flow that took longer than five minutes has expired, at the callback and at the exchange', async () => {
    const slow = await startGoogleSignIn(server, provider, googleAccount('slow'));
    await server.database.db.query(
      `UPDATE auth.flow_state SET created_at = now() - interval '301 seconds' WHERE id = $1`,
      [slow.callbackUrl.searchParams.get('state')],
    );
    const late = await follow(slow.callbackUrl.href);
    expect(late.location.pathname).toBe('/auth/callback');
    expect(redirectError(late.location)).toMatchObject({
      code: 'bad_oauth_state',
      description: 'OAuth state has expired',
    });

    const idle = await startGoogleSignIn(server, provider, googleAccount('idle'));
    const code = (await follow(idle.callbackUrl.href)).location.searchParams.get('code') ?? '';
    await server.database.db.query(
      `UPDATE auth.flow_state SET auth_code_issued_at = now() - interval '301 seconds'
        WHERE auth_code = $1`,
      [code],
    );
    const exchanged = await postJson(server, '/token?grant_type=pkce', {
      auth_code: code,
      code_verifier: idle.codeVerifier(),
    });
    expectAuthError(
      exchanged,
      422,
      'flow_state_expired',
      'invalid flow state, flow state has expired',
    );
  });

  it('an error from the provider reaches the app as error and error_description', async () => {
    const started = await startGoogleSignIn(server, provider, googleAccount('declined'));
    const declined = new URL(started.callbackUrl);
    declined.searchParams.delete('code');
    declined.searchParams.set('error', 'access_denied');
    declined.searchParams.set('error_description', 'The user denied access');
    const back = await follow(declined.href);
    expect(back.location.pathname).toBe('/auth/callback');
    expect(redirectError(back.location)).toEqual({
      error: 'access_denied',
      code: null,
      description: 'The user denied access',
    });
  });

  it('an ID token for another client is refused', async () => {
    const started = await startGoogleSignIn(server, provider, {
      ...googleAccount('audience'),
      aud: 'someone-else',
    });
    const back = await follow(started.callbackUrl.href);
    expect(redirectError(back.location)).toMatchObject({
      error: 'server_error',
      code: 'bad_oauth_callback',
    });
  });

  it('pkce grant without its fields is a validation error', async () => {
    const res = await postJson(server, '/token?grant_type=pkce', { auth_code: 'x' });
    expectAuthError(
      res,
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  });
});

describe('odd requests to the redirect endpoints', () => {
  it('never answer 5xx, whatever the query', async () => {
    const odd = [
      '/authorize',
      '/authorize?provider=',
      '/authorize?provider=google&provider=github',
      '/authorize?provider=google&redirect_to=%00',
      '/authorize?provider=google&redirect_to=javascript:alert(1)',
      '/authorize?provider=google&code_challenge=%00&code_challenge_method=s256',
      `/authorize?provider=google&code_challenge=${'a'.repeat(43)}&code_challenge_method=md5`,
      '/authorize?provider=google&redirect_uri=https://attacker.example&state=x&client_id=y',
      '/authorize?provider=google&scopes=%00&access_type=%E0%A4%A',
      '/callback',
      '/callback?state=%00',
      '/callback?state=00000000-0000-0000-0000-000000000000&code=x',
      '/callback?state=00000000-0000-0000-0000-000000000000&state=x',
      '/callback?code=x&state=' + 'a'.repeat(5000),
      '/callback?error=%00&state=%E0%A4%A',
    ];
    for (const path of odd) {
      const res = await fetch(`${server.url}/auth/v1${path}`, { redirect: 'manual' });
      await res.body?.cancel();
      expect(res.status, path).toBeLessThan(500);
    }
    // A client's redirect_uri or state never reaches the provider in place of ours.
    const toProvider = await follow(
      `${server.url}/auth/v1/authorize?provider=google&redirect_uri=https://attacker.example&state=x`,
    );
    expect(toProvider.location.searchParams.get('redirect_uri')).toBe(
      `${server.url}/auth/v1/callback`,
    );
    expect(toProvider.location.searchParams.getAll('state')).toHaveLength(1);
    expect(toProvider.location.searchParams.get('state')).not.toBe('x');
  });
});

describe('Google not configured', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain.close());

  it('says so in /settings and /authorize answers 400 with a clear message', async () => {
    const settings = await (
      await fetch(`${plain.url}/auth/v1/settings`, { headers: { apikey: plain.anonKey } })
    ).json();
    expect(settings.external.google).toBe(false);
    const res = await authorize(plain, 'provider=google');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_failed',
      msg: 'Unsupported provider: Google sign-in is not enabled on this server',
    });
  });

  it('an unreachable provider sends the person back to the app with a reason', async () => {
    await withTestServer(
      {
        ...googleEnv(provider),
        GOOGLE_ISSUER: 'http://127.0.0.1:9',
      },
      async (unreachable) => {
        const back = await follow(
          `${unreachable.url}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${unreachable.url}/auth/callback`)}`,
        );
        expect(back.location.pathname).toBe('/auth/callback');
        expect(redirectError(back.location)).toMatchObject({ error: 'temporarily_unavailable' });
      },
    );
  });
});
