import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/accounts/passwords.ts';
import { uniqueEmail } from '../helpers/test-server.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import {
  decodeJwt,
  expectAuthError,
  expectRefusedWithoutSession,
  PASSWORD,
  postJson,
  signUp,
} from './support.ts';

const server = await serverForFile();

describe('POST /token?grant_type=password', () => {
  it('signs a registered user in with a new session', async () => {
    const { email, session: signUpSession } = await signUp(server, 'login');
    const client = server.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    const session = data.session;
    if (!session) throw new Error('no session');
    expect(session.user.id).toBe(signUpSession.user.id);
    expect(session.refresh_token).not.toBe(signUpSession.refresh_token);
    expect(decodeJwt(session.access_token)['session_id']).not.toBe(
      decodeJwt(signUpSession.access_token)['session_id'],
    );
    expect(data).not.toHaveProperty('weak_password');
    const { data: me } = await client.auth.getUser();
    expect(me.user?.email).toBe(email);
  });

  it('matches the e-mail address without regard to case', async () => {
    const { email } = await signUp(server, 'MixedCase');
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: email.toUpperCase(), password: PASSWORD });
    expect(error).toBeNull();
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const { email } = await signUp(server, 'guess');
    const wrong = await server
      .client()
      .auth.signInWithPassword({ email, password: 'not it at all' });
    const unknown = await server
      .client()
      .auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    for (const answer of [wrong, unknown]) {
      expectRefusedWithoutSession(answer, {
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
    const rawWrong = await postJson(server, '/token?grant_type=password', { email, password: 'x' });
    const rawUnknown = await postJson(server, '/token?grant_type=password', {
      email: uniqueEmail('nobody'),
      password: 'x',
    });
    expectAuthError(rawWrong, 400, 'invalid_credentials', 'Invalid login credentials');
    expect(rawUnknown.body).toEqual(rawWrong.body);
  });

  it('spends as long on an unknown e-mail as on a wrong password', async () => {
    const { email } = await signUp(server, 'timing');
    const time = async (address: string) => {
      const start = performance.now();
      await postJson(server, '/token?grant_type=password', { email: address, password: 'wrong!' });
      return performance.now() - start;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      wrong.push(await time(email));
      unknown.push(await time(uniqueEmail('ghost')));
    }
    // Without a dummy verification the unknown case answers in a small
    // fraction of the time; with it both cost one argon2 verification.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('refuses a user whose e-mail is not confirmed, once the password is right', async () => {
    const email = uniqueEmail('unconfirmed');
    await server.database.db.query(
      `INSERT INTO auth.users (id, email, encrypted_password, raw_app_meta_data)
       VALUES ($1, $2, $3, '{"provider":"email","providers":["email"]}')`,
      [randomUUID(), email, await hashPassword(PASSWORD)],
    );
    const right = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(right.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });
    const wrong = await server.client().auth.signInWithPassword({ email, password: 'nope-nope' });
    expect(wrong.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a request without an e-mail, or with both e-mail and phone', async () => {
    const none = await postJson(server, '/token?grant_type=password', { password: PASSWORD });
    expectAuthError(none, 400, 'validation_failed', 'missing email or phone');
    const both = await postJson(server, '/token?grant_type=password', {
      email: uniqueEmail(),
      phone: '+15550100',
      password: PASSWORD,
    });
    expectAuthError(both, 400, 'validation_failed');
    const phone = await server.client().auth.signInWithPassword({
      phone: '+15550100',
      password: PASSWORD,
    });
    expect(phone.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' });
  });

  it('refuses a sign-in without a password as invalid credentials', async () => {
    const { email } = await signUp(server, 'nopass');
    const res = await postJson(server, '/token?grant_type=password', { email });
    expectAuthError(res, 400, 'invalid_credentials', 'Invalid login credentials');
  });
});
