import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail, withTestServer } from '../helpers/test-server.ts';
import { expectOtpExpired, mailedServerForFile } from './email-support.ts';
import { openEmailLink, pkceClient } from '../helpers/browser.ts';
import {
  authRequest,
  decodeJwt,
  expectAuthError,
  PASSWORD,
  ISO_TIME,
  accountsWith,
} from './support.ts';

// The sign-up confirmation flow end to end: supabase-js signs up against our
// server, the message arrives at a real SMTP server on loopback, and the link
// read out of it is opened as a browser would open it.

const { server, mailbox } = await mailedServerForFile();

describe('sign-up with e-mail confirmation', () => {
  it('waits for the link, refuses sign-in until then, and signs in through the PKCE code', async () => {
    const client = pkceClient(server);
    const email = uniqueEmail('confirm');
    const redirectTo = `${server.url}/`;
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: redirectTo, data: { display_name: 'Ada' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      role: 'authenticated',
      confirmation_sent_at: expect.stringMatching(ISO_TIME),
      user_metadata: { display_name: 'Ada' },
      identities: [{ provider: 'email', identity_data: { email, email_verified: false } }],
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Confirm your Energy Tracker account');
    expect(mail.from).toBe('no-reply@energy-tracker.local');
    const link = linkIn(mail);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe(`${server.url}/auth/v1/verify`);
    expect(url.searchParams.get('type')).toBe('signup');
    expect(url.searchParams.get('redirect_to')).toBe(redirectTo);
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));

    // The database holds only a hash of the token in the link.
    const token = url.searchParams.get('token') ?? '';
    const { rows } = await server.database.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM auth.one_time_tokens t JOIN auth.users u ON u.id = t.user_id
        WHERE u.email = $1`,
      [email],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const early = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const followed = await openEmailLink(link);
    expect(followed.status).toBe(303);
    expect(followed.location.origin + followed.location.pathname).toBe(redirectTo);
    const code = followed.query.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const exchanged = await client.auth.exchangeCodeForSession(code ?? '');
    expect(exchanged.error).toBeNull();
    const user = exchanged.data.user;
    expect(user?.email_confirmed_at).toMatch(ISO_TIME);
    expect(user?.user_metadata).toEqual({ display_name: 'Ada', email_verified: true });
    expect(user?.identities?.[0]?.identity_data).toMatchObject({ email, email_verified: true });
    const claims = decodeJwt(exchanged.data.session?.access_token ?? '');
    expect(claims['amr']).toEqual([{ method: 'email/signup', timestamp: expect.any(Number) }]);

    const login = await pkceClient(server).auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();

    // The link works once.
    expectOtpExpired(await openEmailLink(link), redirectTo);
  });

  it('gives an implicit-flow client its session in the fragment, back at the site URL', async () => {
    const client = server.client();
    const email = uniqueEmail('implicit');
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const link = linkIn(await mailbox.next(email));
    expect(new URL(link).searchParams.get('token')).not.toMatch(/^pkce_/);

    const followed = await openEmailLink(link);
    expect(followed.status).toBe(303);
    expect(followed.location.origin).toBe(server.url);
    expect(followed.location.search).toBe('');
    const fragment = followed.fragment;
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('refresh_token')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const accessToken = fragment.get('access_token') ?? '';
    expect(decodeJwt(accessToken)['amr']).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);

    const me = await client.auth.getUser(accessToken);
    expect(me.error).toBeNull();
    expect(me.data.user?.email_confirmed_at).toMatch(ISO_TIME);
  });

  it('refuses a link older than its lifetime and leaves the account unconfirmed', async () => {
    const email = uniqueEmail('expired');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    await server.database.db.query(
      `UPDATE auth.one_time_tokens SET created_at = now() - interval '24 hours 1 minute'
        WHERE relates_to = $1`,
      [email],
    );
    expectOtpExpired(await openEmailLink(link), server.url);
    const login = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('refuses a link whose token was altered, even only its PKCE mark', async () => {
    const email = uniqueEmail('altered');
    await pkceClient(server).auth.signUp({ email, password: PASSWORD });
    const url = new URL(linkIn(await mailbox.next(email)));
    const token = url.searchParams.get('token') ?? '';
    for (const altered of [token.replace(/^pkce_/, ''), `${token}x`, 'nonsense']) {
      url.searchParams.set('token', altered);
      expectOtpExpired(await openEmailLink(url.href), server.url);
    }
  });

  it('answers a sign-up with a confirmed address like a new one, sending nothing', async () => {
    const email = uniqueEmail('taken');
    await server.client().auth.signUp({ email, password: PASSWORD });
    await openEmailLink(linkIn(await mailbox.next(email)));
    const before = mailbox.received.length;

    const { data, error } = await server.client().auth.signUp({
      email: email.toUpperCase(),
      password: 'another password',
      options: { data: { display_name: 'Mallory' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      identities: [],
      user_metadata: { display_name: 'Mallory' },
      confirmation_sent_at: expect.stringMatching(ISO_TIME),
    });
    const { rows } = await server.database.db.query<{ id: string }>(
      'SELECT id FROM auth.users WHERE email = $1',
      [email],
    );
    expect(data.user?.id).not.toBe(rows[0]?.id);
    expect(await accountsWith(server, email)).toBe(1);
    expect(mailbox.received.length).toBe(before);
    // Nothing about the account changed.
    const login = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toBeNull();
  });

  it('confirms a re-sign-up of an unconfirmed address with the password of whoever confirms', async () => {
    // Someone signs up with an address that is not theirs, with their own password...
    const email = uniqueEmail('again');
    const impostor = await server.client().auth.signUp({ email, password: 'impostor secret' });
    const impostorsLink = linkIn(await mailbox.next(email));
    // ...then the owner signs up with theirs and confirms with the link that reaches them.
    const owner = await server.client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { display_name: 'Owner' } },
    });
    expect(owner.error).toBeNull();
    expect(owner.data.user?.id).toBe(impostor.data.user?.id);
    const ownersLink = linkIn(await mailbox.next(email));
    expectOtpExpired(await openEmailLink(impostorsLink), server.url);
    expect((await openEmailLink(ownersLink)).fragment.get('access_token')).toBeTruthy();
    expect(await accountsWith(server, email)).toBe(1);

    const theirs = await server
      .client()
      .auth.signInWithPassword({ email, password: 'impostor secret' });
    expect(theirs.error?.code).toBe('invalid_credentials');
    const mine = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(mine.error).toBeNull();
    expect(mine.data.user?.user_metadata).toMatchObject({ display_name: 'Owner' });
  });

  it('keeps the first password when the re-sign-up cannot be mailed (frequency limit)', async () => {
    await withTestServer(
      { SMTP_URL: mailbox.url, SMTP_MAX_FREQUENCY_SECONDS: '60' },
      async (limited) => {
        const email = uniqueEmail('limited');
        await limited.client().auth.signUp({ email, password: PASSWORD });
        const link = linkIn(await mailbox.next(email));
        // Answered as a new address would be (no 429 that names an account),
        // but nothing is sent and nothing changes.
        const again = await limited.client().auth.signUp({ email, password: 'impostor secret' });
        expect(again.error).toBeNull();
        await openEmailLink(link);
        const login = await limited.client().auth.signInWithPassword({ email, password: PASSWORD });
        expect(login.error).toBeNull();
      },
      { siteUrlIsSelf: true },
    );
  });

  it('never sends the browser to a host that is not allowed', async () => {
    const email = uniqueEmail('foreign');
    await server.client().auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const url = new URL(linkIn(await mailbox.next(email)));
    expect(url.searchParams.get('redirect_to')).toBe(server.url);

    // Nor when someone edits the link.
    url.searchParams.set('redirect_to', 'https://evil.example/steal');
    const followed = await openEmailLink(url.href);
    expect(followed.status).toBe(303);
    expect(followed.location.origin).toBe(server.url);
    expect(followed.fragment.get('access_token')).toBeTruthy();
  });

  // Mail scanners and link previews fetch every link in a message.
  it('a GET of the link shows a page and uses nothing: only its button does', async () => {
    const email = uniqueEmail('scanned');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    for (let i = 0; i < 3; i += 1) {
      const scan = await fetch(link, { redirect: 'manual' });
      expect(scan.status).toBe(200);
      expect(scan.headers.get('location')).toBeNull();
      expect(scan.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(scan.headers.get('cache-control')).toBe('no-store');
      expect(scan.headers.get('referrer-policy')).toBe('no-referrer');
      expect(scan.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await scan.text();
      expect(html).toContain('<h1>Confirm your e-mail address</h1>');
      expect(html).toContain('<button type="submit" autofocus>Continue</button>');
      expect(html).not.toContain(new URL(link).searchParams.get('token') ?? '');
    }
    const { rows } = await server.database.db.query(
      `SELECT email_confirmed_at FROM auth.users WHERE email = $1`,
      [email],
    );
    expect(rows).toEqual([{ email_confirmed_at: null }]);
    // The person's own click still works, once.
    expect((await openEmailLink(link)).fragment.get('access_token')).toBeTruthy();
    expectOtpExpired(await openEmailLink(link), server.url);
  });

  it('answers malformed links in JSON or at the site, and needs no API key', async () => {
    const missingType = await authRequest(server, '/verify?token=abc', { apikey: null });
    expectAuthError(missingType, 400, 'validation_failed', 'Verify requires a verification type');
    const missingToken = await authRequest(server, '/verify?type=signup', { apikey: null });
    expectAuthError(
      missingToken,
      400,
      'validation_failed',
      'Verify requires a token or a token hash',
    );

    const unknownType = await openEmailLink(`${server.url}/auth/v1/verify?token=abc&type=weird`);
    expect(unknownType.status).toBe(303);
    expect(unknownType.query.get('error')).toBe('invalid_request');
    expect(unknownType.query.get('error_code')).toBe('validation_failed');
    // Types whose links this server never sends find no token.
    expectOtpExpired(
      await openEmailLink(`${server.url}/auth/v1/verify?token=abc&type=recovery`),
      server.url,
    );
  });

  it('refuses the link of a banned user', async () => {
    const email = uniqueEmail('banned');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    await server.database.db.query(
      `UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE email = $1`,
      [email],
    );
    const followed = await openEmailLink(link);
    expect(followed.query.get('error')).toBe('access_denied');
    expect(followed.query.get('error_code')).toBe('user_banned');
  });
});

describe('GET /settings with SMTP', () => {
  it('says that sign-ups need confirmation', async () => {
    const res = await authRequest(server, '/settings');
    expect(res.body).toMatchObject({ mailer_autoconfirm: false });
  });
});
