import { describe, expect, it } from 'vitest';
import { linkIn } from '@energy-tracker/test-support/mailbox';
import { uniqueEmail } from '../helpers/test-server.ts';
import { expectOtpExpired, mailedServerForFile } from './email-support.ts';
import { openEmailLink, pkceClient } from '../helpers/browser.ts';
import { authRequest, expectAuthError, PASSWORD, postJson } from './support.ts';

// POST /resend for sign-ups: a new link replaces the last, and the answer is
// the same whether or not the address has an account.

const { server, mailbox } = await mailedServerForFile();

describe('POST /resend', () => {
  it('sends a new link on resend, after which only the new one works', async () => {
    const client = pkceClient(server);
    const email = uniqueEmail('resend');
    await client.auth.signUp({ email, password: PASSWORD });
    const first = linkIn(await mailbox.next(email));

    const { error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    const second = linkIn(await mailbox.next(email));
    expect(second).not.toBe(first);

    expectOtpExpired(await openEmailLink(first), server.url);
    const code = (await openEmailLink(second)).query.get('code') ?? '';
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });
  it('answers resend alike for unknown, confirmed and unconfirmed addresses', async () => {
    const confirmed = uniqueEmail('resend-confirmed');
    await server.client().auth.signUp({ email: confirmed, password: PASSWORD });
    await openEmailLink(linkIn(await mailbox.next(confirmed)));
    const before = mailbox.received.length;

    for (const email of [uniqueEmail('resend-nobody'), confirmed]) {
      const res = await postJson(server, '/resend', { type: 'signup', email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
    // Sending happens within the request: anything sent has arrived by now.
    expect(mailbox.received.length).toBe(before);

    const unconfirmed = uniqueEmail('resend-unconfirmed');
    await server.client().auth.signUp({ email: unconfirmed, password: PASSWORD });
    await mailbox.next(unconfirmed);
    const res = await postJson(server, '/resend', { type: 'signup', email: unconfirmed });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    await mailbox.next(unconfirmed);
  });
  it('checks resend requests as GoTrue does', async () => {
    const email = uniqueEmail('resend-bad');
    expectAuthError(
      await postJson(server, '/resend', { type: 'recovery', email }),
      400,
      'validation_failed',
      'Missing one of these types: signup, email_change, sms, phone_change',
    );
    expectAuthError(
      await postJson(server, '/resend', { type: 'signup' }),
      400,
      'validation_failed',
      'Type provided requires an email address',
    );
    expectAuthError(
      await postJson(server, '/resend', { type: 'signup', email: 'not-an-address' }),
      400,
      'validation_failed',
    );
    expectAuthError(
      await postJson(server, '/resend', { type: 'sms', phone: '+15555550100' }),
      400,
      'phone_provider_disabled',
    );
    expectAuthError(
      await postJson(server, '/resend', { type: 'signup', email, code_challenge: 'short' }),
      400,
      'validation_failed',
    );
    const noKey = await authRequest(server, '/resend', {
      method: 'POST',
      body: JSON.stringify({ type: 'signup', email }),
      apikey: null,
    });
    expect(noKey.status).toBe(401);
  });
});
