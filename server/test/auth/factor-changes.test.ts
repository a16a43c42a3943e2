import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, totpCode } from '../../src/auth/accounts/totp.ts';
import { CommandRefusal } from '../../src/cli/refusal.ts';
import { removeFactors } from '../../src/cli/remove-factors.ts';
import { uniqueEmail } from '../helpers/test-server.ts';
import {
  confirmedUser,
  startMailedServer,
  stopMailedServer,
  type MailedServer,
} from './email-support.ts';
import { decodeJwt, PASSWORD } from './support.ts';

// An authenticator decides who can use an account, so adding or removing one
// needs the proof a new password needs, a first-factor sign-in counts as
// recent for deleting the account and a second factor does not, the owner's
// address hears of every change, and an operator can take the factors off
// (ADR 064).

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
}, 60_000);
afterAll(() => stopMailedServer(mailed));

const sessionIdOf = async (client: SupabaseClient) =>
  decodeJwt((await client.auth.getSession()).data.session!.access_token)['session_id'] as string;

/** Makes the client's session look as if its sign-in happened 20 minutes ago, token and all. */
async function ageSignIn(client: SupabaseClient): Promise<void> {
  const sessionId = await sessionIdOf(client);
  await mailed.server.database.db.query(
    `UPDATE auth.sessions SET created_at = now() - interval '20 minutes' WHERE id = $1`,
    [sessionId],
  );
  await mailed.server.database.db.query(
    `UPDATE auth.mfa_amr_claims SET created_at = now() - interval '20 minutes',
            updated_at = now() - interval '20 minutes' WHERE session_id = $1`,
    [sessionId],
  );
  // A refresh is no sign-in: the new token carries the old amr times.
  expect((await client.auth.refreshSession()).error).toBeNull();
}

/** Turns an authenticator on in the client's session; answers the secret its app holds. */
async function addAuthenticator(client: SupabaseClient) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  expect(enrolled.error).toBeNull();
  const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
  const verified = await client.auth.mfa.challengeAndVerify({
    factorId,
    code: totpCode(totp.secret, currentStep()),
  });
  expect(verified.error).toBeNull();
  return { factorId, secret: totp.secret };
}

async function signInWithPassword(email: string): Promise<SupabaseClient> {
  const client = mailed.server.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

async function accountExists(userId: string): Promise<boolean> {
  const { rows } = await mailed.server.database.db.query(`SELECT 1 FROM auth.users WHERE id = $1`, [
    userId,
  ]);
  return rows.length === 1;
}

async function noticesTo(email: string): Promise<string[]> {
  // Notices go out after the answer: give them a moment (a busy machine
  // may take longer; the assertions that expect one poll for it).
  await new Promise((r) => setTimeout(r, 300));
  return mailed.mailbox.received
    .filter((m) => m.to.includes(email) && m.subject.includes('Two-step sign-in'))
    .map((m) => m.text.split('\n')[0] ?? '');
}

describe('adding an authenticator', () => {
  it('is refused to a token whose sign-in is older than 15 minutes', async () => {
    const { client, email } = await confirmedUser(mailed.server, mailed.mailbox, 'stolen');
    await ageSignIn(client);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);

    // The owner, signing in again, may.
    const owner = await signInWithPassword(email);
    await addAuthenticator(owner);
    await expect
      .poll(() => noticesTo(email), { timeout: 10_000 })
      .toEqual([
        'An authenticator app was added to your Energy Tracker account: signing in now also asks for a code from it.',
      ]);
  });
});

describe('removing an authenticator', () => {
  it('needs a recent sign-in besides the code, and tells the owner', async () => {
    const { client, email } = await confirmedUser(mailed.server, mailed.mailbox, 'removing');
    const { factorId, secret } = await addAuthenticator(client);
    await ageSignIn(client);
    const stale = await client.auth.mfa.unenroll({ factorId });
    expect(stale.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.mfa.listFactors()).data?.totp).toHaveLength(1);

    const owner = await signInWithPassword(email);
    const verified = await owner.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, currentStep() + 1),
    });
    expect(verified.error).toBeNull();
    expect((await owner.auth.mfa.unenroll({ factorId })).error).toBeNull();
    await expect
      .poll(() => noticesTo(email), { timeout: 10_000 })
      .toEqual([
        'An authenticator app was added to your Energy Tracker account: signing in now also asks for a code from it.',
        'An authenticator app was removed from your Energy Tracker account.',
      ]);
  });

  it('of a setup never confirmed needs nothing more than the session', async () => {
    const { client, email } = await confirmedUser(mailed.server, mailed.mailbox, 'abandoned');
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    await ageSignIn(client);
    expect((await client.auth.mfa.unenroll({ factorId: enrolled.data!.id })).error).toBeNull();
    expect(await noticesTo(email)).toEqual([]);
  });
});

describe('deleting the account', () => {
  it('does not count a second factor proven in an old session as a recent sign-in', async () => {
    const { client, email, userId } = await confirmedUser(mailed.server, mailed.mailbox, 'delete');
    const { factorId, secret } = await addAuthenticator(client);
    await ageSignIn(client);
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, currentStep() + 1),
    });
    expect(verified.error).toBeNull();
    const refused = await client.rpc('delete_my_account');
    expect(refused.error?.message).toBe('Sign in again to delete your account');
    expect(await accountExists(userId)).toBe(true);

    // A password sign-in now, then the code: that is the owner, here now.
    // (The app's next code, as if its half minute had passed.)
    await mailed.server.database.db.query(
      `UPDATE auth.mfa_factors SET last_used_step = NULL WHERE id = $1`,
      [factorId],
    );
    const owner = await signInWithPassword(email);
    const raised = await owner.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, currentStep()),
    });
    expect(raised.error).toBeNull();
    expect((await owner.rpc('delete_my_account')).error).toBeNull();
    expect(await accountExists(userId)).toBe(false);
  });
});

describe('npm run remove-factors', () => {
  it('takes every factor off the account and ends its sessions', async () => {
    const { email } = await confirmedUser(mailed.server, mailed.mailbox, 'locked-out');
    const client = await signInWithPassword(email);
    await addAuthenticator(client);
    expect((await client.auth.mfa.recoveryCodes.generate()).error).toBeNull();

    expect(await removeFactors(mailed.server.database.db, email.toUpperCase())).toBe(2);
    const { error } = await client.auth.refreshSession();
    expect(error?.code).toBe('refresh_token_not_found');
    const owner = await signInWithPassword(email);
    const level = await owner.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    expect((await owner.from('activities').select('created_at')).error).toBeNull();

    await expect(removeFactors(mailed.server.database.db, uniqueEmail('nobody'))).rejects.toThrow(
      CommandRefusal,
    );
  });
});

// Recovery codes stand in for the authenticator: a new set makes the saved
// ones stop working, so it needs the same recent sign-in, and the owner
// hears of it (ADR 088).
describe('making or replacing recovery codes', () => {
  const MADE =
    'Recovery codes were made for your Energy Tracker account: each one can stand in for your authenticator app once.';
  const REPLACED =
    'The recovery codes of your Energy Tracker account were replaced: the codes you saved before no longer work.';
  const ADDED =
    'An authenticator app was added to your Energy Tracker account: signing in now also asks for a code from it.';

  it('is refused to an aal2 token whose sign-in is older than 15 minutes', async () => {
    const { client, email } = await confirmedUser(mailed.server, mailed.mailbox, 'codes-stolen');
    const { factorId, secret } = await addAuthenticator(client);
    const first = await client.auth.mfa.recoveryCodes.generate();
    expect(first.error).toBeNull();
    const saved = first.data!.codes;
    await expect.poll(() => noticesTo(email), { timeout: 10_000 }).toEqual([ADDED, MADE]);

    await ageSignIn(client);
    const stolen = await client.auth.mfa.recoveryCodes.regenerate();
    expect(stolen.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    // The owner's saved codes still work.
    const lost = await signInWithPassword(email);
    expect((await lost.auth.mfa.recoveryCodes.verify({ code: saved[0]! })).error).toBeNull();

    // The owner, signing in again with the second step, may replace them.
    const owner = await signInWithPassword(email);
    const verified = await owner.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret, currentStep() + 1),
    });
    expect(verified.error).toBeNull();
    const replaced = await owner.auth.mfa.recoveryCodes.regenerate();
    expect(replaced.error).toBeNull();
    expect(replaced.data!.codes).not.toContain(saved[1]);
    await expect.poll(() => noticesTo(email), { timeout: 10_000 }).toEqual([ADDED, MADE, REPLACED]);
  });

  it('refuses to make the first set with an old sign-in too', async () => {
    const { client, email } = await confirmedUser(mailed.server, mailed.mailbox, 'codes-first');
    await addAuthenticator(client);
    await ageSignIn(client);
    const made = await client.auth.mfa.recoveryCodes.generate();
    expect(made.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.mfa.recoveryCodes.getStatus()).error).toMatchObject({
      code: 'mfa_factor_not_found',
    });
    await expect.poll(() => noticesTo(email), { timeout: 10_000 }).toEqual([ADDED]);
  });
});
