import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, totpCode } from '../../src/auth/accounts/totp.ts';
import {
  startTestServer,
  type TestServer,
  uniqueEmail,
  withTestServer,
} from '../helpers/test-server.ts';
import { saveActivity } from '../rest/fixtures.ts';

// Two-step sign-in through the unchanged supabase-js (auth.mfa): an
// authenticator app's codes, one-time recovery codes, aal2 in tokens, and a
// journal that an aal1 session (a password alone) cannot read or change.

const PASSWORD = 'two-step-test-password';

describe('TOTP codes', () => {
  it('match RFC 6238 for SHA-1', () => {
    // The RFC's secret "12345678901234567890" in base32; its 8-digit codes end in these six.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totpCode(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpCode(secret, Math.floor(2000000000 / 30))).toBe('279037');
  });
});

describe('two-step sign-in', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  async function signIn(email: string): Promise<SupabaseClient> {
    const client = server.client();
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return client;
  }

  /** A person with an authenticator turned on; `secret` is what their app holds. */
  async function personWithAuthenticator() {
    const email = uniqueEmail('two-step');
    const client = server.client();
    const signedUp = await client.auth.signUp({ email, password: PASSWORD });
    expect(signedUp.error).toBeNull();
    const userId = signedUp.data.user!.id;
    await saveActivity(client, userId, {
      activity: 'Private walk',
      energy: 80,
      engagement: 70,
      flowState: true,
      notes: 'nobody else',
    });
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as {
      id: string;
      totp: { qr_code: string; secret: string; uri: string };
    };
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    expect(totp.uri).toContain(`secret=${totp.secret}`);
    const usedCode = totpCode(totp.secret, currentStep());
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: usedCode });
    expect(verified.error).toBeNull();
    return { email, userId, client, factorId, secret: totp.secret, usedCode };
  }

  const journal = (client: SupabaseClient) => client.from('activities').select('activity');

  it('turns on with a code from the app and raises the session to aal2', async () => {
    const { client } = await personWithAuthenticator();
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const methods = level.data!.currentAuthenticationMethods.map((m) =>
      typeof m === 'string' ? m : m.method,
    );
    expect(methods.sort()).toEqual(['password', 'totp']);
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp).toMatchObject([{ friendly_name: 'Phone', status: 'verified' }]);
    expect((await journal(client)).data).toEqual([{ activity: 'Private walk' }]);
  });

  it('leaves a password-only session nothing to read or change until the code is given', async () => {
    const { email, userId, factorId, secret, client: owner } = await personWithAuthenticator();
    const reminders = await owner
      .from('reminder_settings')
      .insert({ time_zone: 'Europe/Berlin', times: ['08:00'], email: true });
    expect(reminders.error).toBeNull();
    const device = await owner.from('push_subscriptions').insert({
      endpoint: 'https://push.example.org/send/phone',
      p256dh: 'B' + 'A'.repeat(86),
      auth: 'A'.repeat(21) + 'Q',
      user_agent: 'Owner’s phone',
    });
    expect(device.error).toBeNull();
    const client = await signIn(email);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    expect((await journal(client)).data).toEqual([]);
    // Nor the reminders and devices (with their names), nor a test reminder.
    expect((await client.from('reminder_settings').select('times')).data).toEqual([]);
    expect((await client.from('push_subscriptions').select('user_agent')).data).toEqual([]);
    const changed = await client
      .from('reminder_settings')
      .upsert({ user_id: userId, time_zone: 'UTC', times: ['03:00'], email: true });
    expect(changed.error).not.toBeNull();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const test = await fetch(`${server.url}/reminders/v1/test`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
    });
    expect(test.status).toBe(403);
    await expect(
      saveActivity(client, userId, {
        activity: 'Forged',
        energy: 1,
        engagement: 1,
        flowState: false,
        notes: '',
      }),
    ).rejects.toThrow('row-level security');
    const password = await client.auth.updateUser({ password: 'a-new-password-of-the-thief' });
    expect(password.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const address = await client.auth.updateUser({ email: uniqueEmail('thief') });
    expect(address.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    // Profile data rides in every token: a password alone changes none of it.
    const profile = await client.auth.updateUser({ data: { name: 'Thief' } });
    expect(profile.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toMatchObject({ code: 'insufficient_aal' });
    const deleted = await client.rpc('delete_my_account', {});
    expect(deleted.error?.message).toBe('Use your authenticator app to delete your account');

    // The code of the enrolment's step is spent; the next step's is accepted (one step of skew).
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, currentStep() + 1),
    });
    expect(verified.error).toBeNull();
    expect((await journal(client)).data).toEqual([{ activity: 'Private walk' }]);
  });

  it('refuses a wrong code, a used code and an expired challenge, and counts wrong guesses', async () => {
    const { email, factorId, secret, usedCode } = await personWithAuthenticator();
    const client = await signIn(email);
    // The code just used at enrolment: accepted once, never again.
    const replay = await client.auth.mfa.challengeAndVerify({ factorId, code: usedCode });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const wrong = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: '000000' === totpCode(secret, currentStep()) ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });

    const challenge = await client.auth.mfa.challenge({ factorId });
    await server.database.db.query(
      `UPDATE auth.mfa_challenges SET created_at = now() - interval '301 seconds' WHERE id = $1`,
      [challenge.data!.id],
    );
    const late = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: totpCode(secret, currentStep() + 1),
    });
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  }, 60_000);

  it('counts wrong codes per person like wrong passwords, and then refuses them', async () => {
    await withTestServer({ RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: '10' }, async (strict) => {
      const email = uniqueEmail('two-step-guess');
      const owner = strict.client();
      await owner.auth.signUp({ email, password: PASSWORD });
      const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp' });
      const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
      await owner.auth.mfa.challengeAndVerify({
        factorId: id,
        code: totpCode(totp.secret, currentStep()),
      });
      const guesser = strict.client();
      await guesser.auth.signInWithPassword({ email, password: PASSWORD });
      const near = new Set([-1, 0, 1].map((d) => totpCode(totp.secret, currentStep() + d)));
      const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i)).filter(
        (c) => !near.has(c),
      );
      const statuses: number[] = [];
      for (const code of guesses.slice(0, 12)) {
        const guess = await guesser.auth.mfa.challengeAndVerify({ factorId: id, code });
        statuses.push(guess.error?.status ?? 200);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  }, 90_000);

  it('ends the other password-only sessions when the factor is proven', async () => {
    const email = uniqueEmail('two-step-others');
    const owner = server.client();
    await owner.auth.signUp({ email, password: PASSWORD });
    const thief = await signIn(email);
    const thiefToken = (await thief.auth.getSession()).data.session!.access_token;
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    await owner.auth.mfa.challengeAndVerify({
      factorId: id,
      code: totpCode(totp.secret, currentStep()),
    });
    const answer = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${thiefToken}` },
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ error_code: 'session_not_found' });
  });

  it('lets a recovery code stand in for the app, once', async () => {
    const { email, client } = await personWithAuthenticator();
    const generated = await client.auth.mfa.recoveryCodes.generate();
    expect(generated.error).toBeNull();
    const codes = generated.data!.codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const again = await client.auth.mfa.recoveryCodes.generate();
    expect(again.error).toMatchObject({ code: 'mfa_verified_factor_exists' });

    const lost = await signIn(email);
    expect((await lost.auth.mfa.recoveryCodes.generate()).error).toMatchObject({
      code: 'insufficient_aal',
    });
    const typed = codes[3]!
      .toUpperCase()
      .match(/.{1,4}/g)!
      .join('-');
    const recovered = await lost.auth.mfa.recoveryCodes.verify({ code: typed });
    expect(recovered.error).toBeNull();
    const level = await lost.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data?.currentLevel).toBe('aal2');
    expect((await journal(lost)).data).toEqual([{ activity: 'Private walk' }]);

    const reuse = await (await signIn(email)).auth.mfa.recoveryCodes.verify({ code: codes[3]! });
    expect(reuse.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    const status = await lost.auth.mfa.recoveryCodes.getStatus();
    expect(status.data).toMatchObject({ total: 10, remaining: 9 });
  });

  it('turns off from an aal2 session, taking the recovery codes with it', async () => {
    const { email, client, factorId } = await personWithAuthenticator();
    await client.auth.mfa.recoveryCodes.generate();
    const removed = await client.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    await client.auth.refreshSession();
    const { data } = await client.auth.getUser();
    expect(data.user?.factors ?? []).toEqual([]);
    const plain = await signIn(email);
    expect((await plain.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal1',
    });
    expect((await journal(plain)).data).toEqual([{ activity: 'Private walk' }]);
  });

  it('refuses other factor types and a factor that is not the caller’s', async () => {
    const a = await personWithAuthenticator();
    const b = await personWithAuthenticator();
    const phone = await a.client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ code: 'mfa_phone_enroll_not_enabled' });
    const foreign = await a.client.auth.mfa.challenge({ factorId: b.factorId });
    expect(foreign.error).toMatchObject({ code: 'mfa_factor_not_found' });
    const foreignRemove = await a.client.auth.mfa.unenroll({ factorId: b.factorId });
    expect(foreignRemove.error).toMatchObject({ code: 'mfa_factor_not_found' });
  });
});
