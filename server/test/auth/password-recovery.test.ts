import { describe, expect, it } from 'vitest';
import { openEmailLink, pkceClient } from '../helpers/browser.ts';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail, withTestServer } from '../helpers/test-server.ts';
import { confirmedUser, expectOtpExpired, mailedServerForFile } from './email-support.ts';
import { decodeJwt, expectAuthError, PASSWORD, postJson, canSignIn } from './support.ts';
import { resetPassword } from '../../src/cli/reset-password.ts';

// Password recovery end to end: supabase-js's resetPasswordForEmail against
// our server, the message at a real SMTP server on loopback, its link opened
// as a browser would, and the new password set with updateUser.

const { server, mailbox } = await mailedServerForFile();

describe('password recovery', () => {
  it('mails a link that signs in (PKCE), after which updateUser sets the new password', async () => {
    const { email } = await confirmedUser(server, mailbox, 'forgot');
    const client = pkceClient(server);
    const redirectTo = `${server.url}/auth/callback`;
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Reset your Energy Tracker password');
    const link = linkIn(mail);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    const followed = await openEmailLink(link);
    expect(followed.location.origin + followed.location.pathname).toBe(redirectTo);
    const code = followed.query.get('code') ?? '';
    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    const amr = decodeJwt(exchanged.data.session?.access_token ?? '')['amr'];
    expect(amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);

    // The recovery sign-in is recent: no current password is asked.
    const updated = await client.auth.updateUser({ password: 'remembered at last' });
    expect(updated.error).toBeNull();
    expect(await canSignIn(server, email, 'remembered at last')).toBe(true);
    expect(await canSignIn(server, email, PASSWORD)).toBe(false);
    // The link worked once.
    expectOtpExpired(await openEmailLink(link), redirectTo);
  });

  // A link finishes the flow it was sent for. A flow of the same person and
  // kind made after it (by a send racing with this one, whose transaction
  // began earlier and committed later) belongs to another client, which
  // holds that flow's verifier: the link must not hand out its code.
  it('finishes the PKCE flow the link was sent for, not the newest one of the person', async () => {
    const { email, userId } = await confirmedUser(server, mailbox, 'ownflow');
    const client = pkceClient(server);
    const redirectTo = `${server.url}/auth/callback`;
    await client.auth.resetPasswordForEmail(email, { redirectTo });
    const link = linkIn(await mailbox.next(email));
    const { rows } = await server.database.db.query<{ auth_code: string }>(
      `INSERT INTO auth.flow_state (id, user_id, auth_code, code_challenge, code_challenge_method,
                                    provider_type, authentication_method, created_at)
       VALUES (gen_random_uuid(), $1, gen_random_uuid()::text, $2, 's256', 'email', 'recovery',
               now() + interval '1 second')
       RETURNING auth_code`,
      [userId, 'x'.repeat(43)],
    );

    const followed = await openEmailLink(link);
    const code = followed.query.get('code') ?? '';
    expect(code).not.toBe(rows[0]?.auth_code);
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });

  // Whoever set the new password may be shutting out someone who read the old
  // mail: a link sent before the change must not sign in after it (GoTrue too).
  it('refuses a link sent before a password change on Profile', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'changedafter');
    const redirectTo = `${server.url}/auth/callback`;
    await server.client().auth.resetPasswordForEmail(email, { redirectTo });
    const link = linkIn(await mailbox.next(email));

    const changed = await client.auth.updateUser({
      password: 'changed on profile',
      current_password: PASSWORD,
    });
    expect(changed.error).toBeNull();
    expectOtpExpired(await openEmailLink(link), redirectTo);
  });

  it('refuses a link sent before an operator reset the password', async () => {
    const { email } = await confirmedUser(server, mailbox, 'resetafter');
    const redirectTo = `${server.url}/auth/callback`;
    await server.client().auth.resetPasswordForEmail(email, { redirectTo });
    const link = linkIn(await mailbox.next(email));

    await resetPassword(server.database.db, email, 'set by the operator');
    expectOtpExpired(await openEmailLink(link), redirectTo);
  });

  it('gives an implicit-flow client its session with type=recovery in the fragment', async () => {
    const { email } = await confirmedUser(server, mailbox, 'implicitforgot');
    await server.client().auth.resetPasswordForEmail(email);
    const followed = await openEmailLink(linkIn(await mailbox.next(email)));
    expect(followed.fragment.get('type')).toBe('recovery');
    expect(followed.fragment.get('access_token')).toBeTruthy();
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await confirmedUser(server, mailbox, 'known');
    const unknown = uniqueEmail('nobody');
    const a = await postJson(server, '/recover', { email: known.email });
    const b = await postJson(server, '/recover', { email: unknown });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual({});
    expect(b.body).toEqual(a.body);
    await mailbox.next(known.email);
    expect(mailbox.received.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('confirms an unconfirmed account and removes the password an unproven sign-up set', async () => {
    const email = uniqueEmail('unproven');
    await server.client().auth.signUp({ email, password: 'impostor secret' });
    await mailbox.next(email); // the owner never follows the sign-up link
    await server.client().auth.resetPasswordForEmail(email);
    const followed = await openEmailLink(linkIn(await mailbox.next(email)));
    expect(followed.fragment.get('access_token')).toBeTruthy();
    expect(await canSignIn(server, email, 'impostor secret')).toBe(false);
  });

  it('refuses a request without an address, and says so when no mail can be sent', async () => {
    expectAuthError(
      await postJson(server, '/recover', {}),
      400,
      'validation_failed',
      'Password recovery requires an email',
    );
    await withTestServer({}, async (mailless) => {
      const { error } = await mailless.client().auth.resetPasswordForEmail(uniqueEmail());
      expect(error).toMatchObject({ status: 400, code: 'email_provider_disabled' });
    });
  });
});
