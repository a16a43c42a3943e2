import { describe, expect, it } from 'vitest';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail } from '../helpers/test-server.ts';
import { mailedServerForFile } from './email-support.ts';
import { openEmailLink } from '../helpers/browser.ts';
import { expectAuthError, PASSWORD, postJson, accountsWith } from './support.ts';

// What the e-mail endpoints do when things go wrong: the SMTP server refusing
// mail, and requests of every odd shape.

const { server, mailbox } = await mailedServerForFile();

describe('when the SMTP server is down', () => {
  it('makes no account, so that signing up again works once mail flows', async () => {
    const email = uniqueEmail('outage');
    mailbox.refuse(true);
    try {
      const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD });
      expect(error).toMatchObject({ status: 503, message: 'Error sending confirmation email' });
      expect(data.user).toBeNull();
      const raw = await postJson(server, '/signup', { email, password: PASSWORD });
      expectAuthError(raw, 503, 'email_send_failed', 'Error sending confirmation email');
    } finally {
      mailbox.refuse(false);
    }
    expect(await accountsWith(server, email)).toBe(0);
    const { data, error } = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    await mailbox.next(email);
  });

  it('keeps the last link working when a resend cannot be sent', async () => {
    const email = uniqueEmail('outage-resend');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    mailbox.refuse(true);
    try {
      const res = await postJson(server, '/resend', { type: 'signup', email });
      expectAuthError(res, 503, 'email_send_failed');
    } finally {
      mailbox.refuse(false);
    }
    expect((await openEmailLink(link)).fragment.get('access_token')).toBeTruthy();
  });
});

describe('odd requests to the e-mail endpoints', () => {
  it('answers them with something other than a 5xx', async () => {
    const queries = [
      'token=%00&type=signup',
      'token=a&type=%00',
      'token=a&token=b&type=signup&type=email_change',
      `token=${'x'.repeat(4000)}&type=signup`,
      'token=pkce_&type=email_change',
      'token=a&type=signup&redirect_to=javascript:alert(1)',
      'token=a&type=signup&redirect_to=//evil.example',
      'token=a&type=signup&redirect_to=http://[::1',
      'token=a&type=signup&redirect_to=%ZZ',
      'token[]=a&type[x]=signup',
      '%ZZ',
    ];
    const failures: string[] = [];
    for (const query of queries) {
      const res = await fetch(`${server.url}/auth/v1/verify?${query}`, { redirect: 'manual' });
      if (res.status >= 500) failures.push(`GET /verify?${query.slice(0, 60)} -> ${res.status}`);
    }
    const bodies = [
      '',
      '{',
      '[]',
      '{"type":["signup"]}',
      '{"type":"signup","email":"\\u0000@x.y"}',
      '{"type":"email_change","email":"a@b.c","code_challenge":"' + 'c'.repeat(43) + '"}',
      '{"type":"signup","email":"a@b.c","code_challenge_method":"s256"}',
      '{"type":"phone_change","email":"a@b.c"}',
      '{"type":"signup","email":"' + 'e'.repeat(300) + '@b.c"}',
    ];
    for (const body of bodies) {
      const res = await postJson(server, '/resend', body);
      if (res.status >= 500) failures.push(`POST /resend ${body.slice(0, 60)} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
