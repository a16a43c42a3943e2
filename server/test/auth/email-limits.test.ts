import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkIn, startMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import { openEmailLink } from '../helpers/browser.ts';
import { expectAuthError, PASSWORD, postJson } from './support.ts';

// How often mail may be asked for: GoTrue's per-address frequency
// (SMTP_MAX_FREQUENCY, 60 s by default) and the per-IP limits on /resend and
// /verify. A fresh server (and database) per test, so that counts start at zero.

const LIMIT = 2;

let mailbox: Mailbox;
let server: TestServer;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());
beforeEach(async () => {
  server = await startTestServer(
    {
      SMTP_URL: mailbox.url,
      RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: String(LIMIT),
      RATE_LIMIT_VERIFY_PER_5MIN: String(LIMIT),
    },
    { siteUrlIsSelf: true },
  );
});
afterEach(() => server.close());

describe('e-mail send frequency per address', () => {
  // Within the minute the answers are what an unknown or new address gets,
  // so the limit tells a stranger nothing (docs/decisions/011); GoTrue says 429.
  it('sends no second confirmation message within a minute, by resend or by signing up again', async () => {
    const email = uniqueEmail('frequency');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    const sent = mailbox.received.length;

    const resent = await postJson(server, '/resend', { type: 'signup', email });
    expect([resent.status, resent.body]).toEqual([200, {}]);
    const again = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect(mailbox.received.length).toBe(sent);

    // Once the minute has passed, a new message goes out.
    await server.database.db.query(
      `UPDATE auth.users SET confirmation_sent_at = now() - interval '61 seconds' WHERE email = $1`,
      [email],
    );
    const later = await postJson(server, '/resend', { type: 'signup', email });
    expect(later.status).toBe(200);
    expect(linkIn(await mailbox.next(email))).not.toBe(link);
  });
});

describe('per-IP limits', () => {
  it('refuses resends over the limit with 429 over_request_rate_limit', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await postJson(server, '/resend', { type: 'signup', email: uniqueEmail() });
      expect(res.status).toBe(200);
    }
    const over = await postJson(server, '/resend', { type: 'signup', email: uniqueEmail() });
    expectAuthError(over, 429, 'over_request_rate_limit', 'Request rate limit reached');
  });

  it('refuses link openings over the limit, before looking at the link', async () => {
    const email = uniqueEmail('verify-limit');
    await server.client().auth.signUp({ email, password: PASSWORD });
    const link = linkIn(await mailbox.next(email));
    for (let i = 0; i < LIMIT; i += 1) {
      const guess = await openEmailLink(`${server.url}/auth/v1/verify?type=signup&token=guess${i}`);
      expect(guess.query.get('error_code')).toBe('otp_expired');
    }
    // Showing the page costs nothing and is not counted; using the link is.
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(200);
    const res = await fetch(link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });
  });
});
