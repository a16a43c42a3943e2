import { createHash } from 'node:crypto';
import { isAuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, withTestServer } from '../helpers/test-server.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import {
  authRequest,
  decodeJwt,
  expectAuthError,
  expectRefusedWithoutSession,
  ISO_TIME,
  PASSWORD,
  postJson,
} from './support.ts';

const server = await serverForFile();

describe('POST /signup', () => {
  it('signs a new user up and answers with a session, as GoTrue does with autoconfirm', async () => {
    const client = server.client();
    const email = uniqueEmail('signup');
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Ada' } },
    });
    expect(error).toBeNull();
    const session = data.session;
    if (!session) throw new Error('no session');
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.expires_at).toBeLessThanOrEqual(before + 3600 + 5);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const user = session.user;
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      email_confirmed_at: expect.stringMatching(ISO_TIME),
      phone: '',
      confirmed_at: expect.stringMatching(ISO_TIME),
      last_sign_in_at: expect.stringMatching(ISO_TIME),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ada', email_verified: true },
      identities: [
        {
          identity_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          id: user.id,
          user_id: user.id,
          identity_data: {
            sub: user.id,
            email,
            email_verified: false,
            phone_verified: false,
            display_name: 'Ada',
          },
          provider: 'email',
          last_sign_in_at: expect.stringMatching(ISO_TIME),
          created_at: expect.stringMatching(ISO_TIME),
          updated_at: expect.stringMatching(ISO_TIME),
          email,
        },
      ],
      created_at: expect.stringMatching(ISO_TIME),
      updated_at: expect.stringMatching(ISO_TIME),
      is_anonymous: false,
    });
    expect(data.user?.id).toBe(user.id);

    const claims = decodeJwt(session.access_token);
    expect(claims).toEqual({
      iss: 'energy-tracker',
      sub: user.id,
      aud: 'authenticated',
      exp: session.expires_at,
      iat: (session.expires_at ?? 0) - 3600,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ada', email_verified: true },
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
    const header = JSON.parse(
      Buffer.from(session.access_token.split('.')[0] ?? '', 'base64url').toString(),
    );
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });

    // The client can use what it got: the session is live on the server.
    const { data: me, error: meError } = await client.auth.getUser();
    expect(meError).toBeNull();
    expect(me.user?.email).toBe(email);
  });

  it('keeps only a hash of the refresh token in the database', async () => {
    const { data } = await server
      .client()
      .auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const token = data.session?.refresh_token ?? '';
    const { rows } = await server.database.db.query<{ token: string }>(
      'SELECT token FROM auth.refresh_tokens',
    );
    const stored = rows.map((r) => r.token);
    expect(stored).not.toContain(token);
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('refuses a second sign-up with the same e-mail, whatever its case', async () => {
    const email = uniqueEmail('twice');
    const first = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(first.error).toBeNull();
    for (const again of [email, email.toUpperCase()]) {
      expectRefusedWithoutSession(
        await server.client().auth.signUp({ email: again, password: 'other-pass' }),
        { status: 422, code: 'user_already_exists', message: 'User already registered' },
      );
    }
    // The original password still works: the refused sign-up changed nothing.
    const login = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();
  });

  it('refuses a short password with weak_password and its reasons', async () => {
    const { data, error } = await server
      .client()
      .auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(isAuthWeakPasswordError(error)).toBe(true);
    if (!isAuthWeakPasswordError(error)) return;
    expect(error.status).toBe(422);
    expect(error.code).toBe('weak_password');
    expect(error.reasons).toEqual(['length']);
    expect(error.message).toBe('Password should be at least 8 characters.');
    expect(data.session).toBeNull();

    // Seven characters: enough for GoTrue's default of 6, not for us.
    const raw = await postJson(server, '/signup', { email: uniqueEmail(), password: 'k7#qZ!m' });
    expectAuthError(raw, 422, 'weak_password', 'Password should be at least 8 characters.');
    expect(raw.body).toMatchObject({ weak_password: { reasons: ['length'] } });
  });

  it('refuses one of the most common passwords, in any case, with reason pwned', async () => {
    for (const password of ['password1', 'QWERTYUIOP', 'iloveyou2']) {
      const email = uniqueEmail('common');
      const res = await postJson(server, '/signup', { email, password });
      expectAuthError(res, 422, 'weak_password', /easy to guess/);
      expect(res.body).toMatchObject({ weak_password: { reasons: ['pwned'] } });
      const login = await server.client().auth.signInWithPassword({ email, password });
      expect(login.error?.code).toBe('invalid_credentials');
    }
  });

  it('refuses a password longer than 72 bytes, as bcrypt-bound GoTrue does', async () => {
    const res = await postJson(server, '/signup', {
      email: uniqueEmail(),
      password: 'é'.repeat(37), // 37 characters, 74 bytes
    });
    expectAuthError(res, 400, 'validation_failed', 'Password cannot be longer than 72 characters');
  });

  it('refuses an invalid e-mail address with validation_failed', async () => {
    for (const email of ['not-an-email', 'a@', '@example.test', 'a b@example.test', 'a@-x.test']) {
      const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
      expect(error, email).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
    }
    const tooLong = await postJson(server, '/signup', {
      email: `${'a'.repeat(250)}@example.test`,
      password: PASSWORD,
    });
    expectAuthError(tooLong, 400, 'validation_failed', 'An email address is too long');
  });

  it('refuses a sign-up without a password or without an e-mail', async () => {
    const noPassword = await postJson(server, '/signup', { email: uniqueEmail() });
    expectAuthError(noPassword, 400, 'validation_failed', 'Signup requires a valid password');
    const emptyPassword = await server.client().auth.signUp({ email: uniqueEmail(), password: '' });
    expect(emptyPassword.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const noEmail = await postJson(server, '/signup', { password: PASSWORD });
    expectAuthError(
      noEmail,
      400,
      'validation_failed',
      'Sign up only available with email provider',
    );
  });

  it('refuses phone sign-ups, which this server does not offer', async () => {
    const { error } = await server.client().auth.signUp({ phone: '+15550100', password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
    const both = await postJson(server, '/signup', {
      email: uniqueEmail(),
      phone: '+15550100',
      password: PASSWORD,
    });
    expectAuthError(both, 400, 'validation_failed');
  });
});

describe('GET /settings', () => {
  it('tells clients that e-mail sign-up is on and confirmed automatically without SMTP', async () => {
    const res = await authRequest(server, '/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      external: { email: true, phone: false, google: false, github: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });

  it('reports Google and e-mail confirmation when they are configured', async () => {
    await withTestServer(
      {
        GOOGLE_CLIENT_ID: 'client-id.apps.example',
        GOOGLE_CLIENT_SECRET: 'client-secret',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SITE_URL: 'http://127.0.0.1:3000',
      },
      async (configured) => {
        const res = await authRequest(configured, '/settings');
        expect(res.body).toMatchObject({
          external: { email: true, google: true },
          mailer_autoconfirm: false,
        });
      },
    );
  });
});
