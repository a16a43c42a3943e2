import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import {
  confirmedUser,
  expectOtpExpired,
  startMailedServer,
  stopMailedServer,
} from './email-support.ts';
import { openEmailLink, pkceClient } from '../helpers/browser.ts';
import { decodeJwt, PASSWORD, postJson, ISO_TIME } from './support.ts';

// PUT /user with a new e-mail address while SMTP is configured: GoTrue with
// secure e-mail change off sends one link, to the new address, and the change
// applies only when that link is used.

let mailbox: Mailbox;
let server: TestServer;
beforeAll(async () => {
  ({ server, mailbox } = await startMailedServer());
});
afterAll(() => stopMailedServer({ server, mailbox }));

async function canSignIn(email: string): Promise<boolean> {
  const { error } = await pkceClient(server).auth.signInWithPassword({ email, password: PASSWORD });
  return error === null;
}

describe('changing the e-mail address with SMTP', () => {
  it('sends a link to the new address and changes it only when the link is used', async () => {
    const { client, email, userId } = await confirmedUser(server, mailbox, 'change-from');
    const newEmail = uniqueEmail('change-to');
    const redirectTo = `${server.url}/`;
    const before = mailbox.received.length;

    const { data, error } = await client.auth.updateUser(
      { email: newEmail.toUpperCase() },
      { emailRedirectTo: redirectTo },
    );
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      new_email: newEmail,
      email_change_sent_at: expect.stringMatching(ISO_TIME),
    });

    const mail = await mailbox.next(newEmail);
    expect(mailbox.received.length).toBe(before + 1);
    expect(mail.to).toEqual([newEmail]);
    expect(mail.subject).toBe('Confirm your new Energy Tracker e-mail address');
    expect(mail.text).toContain(email);
    const link = linkIn(mail);
    expect(new URL(link).searchParams.get('type')).toBe('email_change');

    // Nothing has changed yet.
    expect(await canSignIn(email)).toBe(true);
    expect(await canSignIn(newEmail)).toBe(false);

    const followed = await openEmailLink(link);
    expect(followed.status).toBe(303);
    const code = followed.query.get('code') ?? '';
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user;
    expect(user?.id).toBe(userId);
    expect(user?.email).toBe(newEmail);
    expect(user?.new_email).toBeUndefined();
    expect(user?.identities?.[0]?.identity_data).toMatchObject({
      email: newEmail,
      email_verified: true,
    });
    const claims = decodeJwt(exchanged.data.session?.access_token ?? '');
    expect(claims['email']).toBe(newEmail);
    expect(claims['amr']).toEqual([{ method: 'email_change', timestamp: expect.any(Number) }]);

    expect(await canSignIn(newEmail)).toBe(true);
    expect(await canSignIn(email)).toBe(false);
    expectOtpExpired(await openEmailLink(link), redirectTo);
  });

  it('gives an implicit-flow client the session in the fragment', async () => {
    const { email } = await confirmedUser(server, mailbox, 'implicit-from');
    const client = server.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const newEmail = uniqueEmail('implicit-to');
    const { error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    const followed = await openEmailLink(linkIn(await mailbox.next(newEmail)));
    expect(followed.fragment.get('type')).toBe('email_change');
    const accessToken = followed.fragment.get('access_token') ?? '';
    expect(decodeJwt(accessToken)['email']).toBe(newEmail);
  });

  it('resends the link to the pending address, after which only the new one works', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'resend-from');
    const newEmail = uniqueEmail('resend-to');
    await client.auth.updateUser({ email: newEmail });
    const first = linkIn(await mailbox.next(newEmail));

    const res = await postJson(server, '/resend', { type: 'email_change', email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const second = linkIn(await mailbox.next(newEmail));

    expectOtpExpired(await openEmailLink(first), server.url);
    const followed = await openEmailLink(second);
    expect(followed.fragment.get('access_token')).toBeTruthy();
    expect(await canSignIn(newEmail)).toBe(true);
  });

  it('sends nothing on resend when no change is pending', async () => {
    const { email } = await confirmedUser(server, mailbox, 'nothing-pending');
    const before = mailbox.received.length;
    const res = await postJson(server, '/resend', { type: 'email_change', email });
    expect(res.status).toBe(200);
    expect(mailbox.received.length).toBe(before);
  });

  it('refuses the change when another account took the address meanwhile', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'race-from');
    const contested = uniqueEmail('race-to');
    await client.auth.updateUser({ email: contested });
    const link = linkIn(await mailbox.next(contested));
    // Someone signs up with the address and confirms it first.
    await server.client().auth.signUp({ email: contested, password: PASSWORD });
    await openEmailLink(linkIn(await mailbox.next(contested)));

    const followed = await openEmailLink(link);
    expect(followed.status).toBe(303);
    expect(followed.query.get('error_code')).toBe('email_exists');
    expect(await canSignIn(email)).toBe(true);
  });

  it('keeps the address when the message to the new one cannot be sent', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'outage-from');
    mailbox.refuse(true);
    try {
      const { error } = await client.auth.updateUser({ email: uniqueEmail('outage-to') });
      expect(error).toMatchObject({ status: 503, message: 'Error sending email change email' });
    } finally {
      mailbox.refuse(false);
    }
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBeUndefined();
  });
});
