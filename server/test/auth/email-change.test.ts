import { describe, expect, it } from 'vitest';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail } from '../helpers/test-server.ts';
import { confirmedUser, expectOtpExpired, mailedServerForFile } from './email-support.ts';
import { openEmailLink } from '../helpers/browser.ts';
import { decodeJwt, PASSWORD, postJson, ISO_TIME, canSignIn } from './support.ts';

// PUT /user with a new e-mail address while SMTP is configured: GoTrue with
// secure e-mail change on (as on hosted Supabase) sends a link to the new
// address and one to the current address, and the change applies only when
// both are used. It needs the same proof as a new password (docs/decisions/023).

const { server, mailbox } = await mailedServerForFile();

/** The two links of one change: to the new address and to the current one. */
async function changeLinks(current: string, next: string) {
  const toNew = await mailbox.next(next);
  const toCurrent = await mailbox.next(current);
  return { toNew, toCurrent, newLink: linkIn(toNew), currentLink: linkIn(toCurrent) };
}

const OTHER_LINK_NEEDED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Makes the session of this access token look as if its sign-in was an hour ago. */
async function ageSession(accessToken: string): Promise<void> {
  await server.database.db.query(
    `UPDATE auth.sessions SET created_at = now() - interval '1 hour' WHERE id = $1`,
    [decodeJwt(accessToken)['session_id']],
  );
}

describe('changing the e-mail address with SMTP', () => {
  it('mails both addresses and changes only when both links are used; the old one is told', async () => {
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

    const { toNew, toCurrent, newLink, currentLink } = await changeLinks(email, newEmail);
    expect(mailbox.received.length).toBe(before + 2);
    expect(toNew.subject).toBe('Confirm your new Energy Tracker e-mail address');
    expect(toNew.text).toContain(email);
    expect(toCurrent.to).toEqual([email]);
    expect(toCurrent.subject).toBe('Confirm the change of your Energy Tracker e-mail address');
    expect(toCurrent.text).toContain(newEmail);
    expect(new URL(newLink).searchParams.get('type')).toBe('email_change');
    expect(new URL(currentLink).searchParams.get('type')).toBe('email_change');

    // The new mailbox alone changes nothing.
    const first = await openEmailLink(newLink);
    expect(first.status).toBe(303);
    expect(first.query.get('message')).toBe(OTHER_LINK_NEEDED);
    expect(first.query.get('code')).toBeNull();
    expect(await canSignIn(server, email)).toBe(true);
    expect(await canSignIn(server, newEmail)).toBe(false);
    expectOtpExpired(await openEmailLink(newLink), redirectTo);

    const second = await openEmailLink(currentLink);
    const code = second.query.get('code') ?? '';
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

    expect(await canSignIn(server, newEmail)).toBe(true);
    expect(await canSignIn(server, email)).toBe(false);
    expectOtpExpired(await openEmailLink(currentLink), redirectTo);
    const notice = await mailbox.next(email);
    expect(notice.subject).toBe('Your Energy Tracker e-mail address was changed');
    expect(notice.text).toContain(newEmail);
  });

  it('gives an implicit-flow client the session in the fragment, whichever link comes last', async () => {
    const { email } = await confirmedUser(server, mailbox, 'implicit-from');
    const client = server.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const newEmail = uniqueEmail('implicit-to');
    const { error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    const { newLink, currentLink } = await changeLinks(email, newEmail);
    const first = await openEmailLink(currentLink);
    expect(first.fragment.get('message')).toBe(OTHER_LINK_NEEDED);
    expect(first.fragment.get('access_token')).toBeNull();
    const followed = await openEmailLink(newLink);
    expect(followed.fragment.get('type')).toBe('email_change');
    const accessToken = followed.fragment.get('access_token') ?? '';
    expect(decodeJwt(accessToken)['email']).toBe(newEmail);
    expect(decodeJwt(accessToken)['amr']).toEqual([
      { method: 'email_change', timestamp: expect.any(Number) },
    ]);
  });

  // A stolen access token must not move the account to the thief's address.
  it('needs the current password or a recent sign-in, with mail on too', async () => {
    const { email } = await confirmedUser(server, mailbox, 'stolen-from');
    const client = server.client();
    const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    await ageSession(signedIn.data.session?.access_token ?? '');
    const thief = uniqueEmail('thief');
    const before = mailbox.received.length;
    const bare = await client.auth.updateUser({ email: thief });
    expect(bare.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Email update requires reauthentication',
    });
    expect(mailbox.received.length).toBe(before);

    const proven = await client.auth.updateUser({ email: thief, current_password: PASSWORD });
    expect(proven.error).toBeNull();
    expect(proven.data.user?.new_email).toBe(thief);
  });

  // The session a change link starts proves the new mailbox, not the owner.
  it('does not count a change link as a sign-in: its session cannot set a password bare', async () => {
    const { email } = await confirmedUser(server, mailbox, 'link-session');
    const client = server.client();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const newEmail = uniqueEmail('link-session-to');
    await client.auth.updateUser({ email: newEmail });
    const { newLink, currentLink } = await changeLinks(email, newEmail);
    await openEmailLink(currentLink);
    const followed = await openEmailLink(newLink);
    const fromLink = server.client();
    await fromLink.auth.setSession({
      access_token: followed.fragment.get('access_token') ?? '',
      refresh_token: followed.fragment.get('refresh_token') ?? '',
    });
    const bare = await fromLink.auth.updateUser({ password: 'set by whoever read the mail' });
    expect(bare.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    const proven = await fromLink.auth.updateUser({
      password: 'set by the owner',
      current_password: PASSWORD,
    });
    expect(proven.error).toBeNull();
  });

  it('tells the address when the password changes', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'told');
    const { error } = await client.auth.updateUser({ password: 'a brand new secret' });
    expect(error).toBeNull();
    const notice = await mailbox.next(email);
    expect(notice.subject).toBe('Your Energy Tracker password was changed');
    expect(notice.text).not.toContain('a brand new secret');
  });

  it('resends both links, after which only the new ones work', async () => {
    const { client, email } = await confirmedUser(server, mailbox, 'resend-from');
    const newEmail = uniqueEmail('resend-to');
    await client.auth.updateUser({ email: newEmail });
    const first = await changeLinks(email, newEmail);

    const res = await postJson(server, '/resend', { type: 'email_change', email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const second = await changeLinks(email, newEmail);

    expectOtpExpired(await openEmailLink(first.newLink), server.url);
    expectOtpExpired(await openEmailLink(first.currentLink), server.url);
    await openEmailLink(second.newLink);
    const followed = await openEmailLink(second.currentLink);
    expect(followed.fragment.get('access_token')).toBeTruthy();
    expect(await canSignIn(server, newEmail)).toBe(true);
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
    const { newLink, currentLink } = await changeLinks(email, contested);
    await openEmailLink(currentLink);
    // Someone signs up with the address and confirms it first.
    await server.client().auth.signUp({ email: contested, password: PASSWORD });
    await openEmailLink(linkIn(await mailbox.next(contested)));

    const followed = await openEmailLink(newLink);
    expect(followed.status).toBe(303);
    expect(followed.query.get('error_code')).toBe('email_exists');
    expect(await canSignIn(server, email)).toBe(true);
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
