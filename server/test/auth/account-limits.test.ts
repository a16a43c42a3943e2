import { afterEach, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import { PASSWORD, signUp } from './support.ts';

// Limits per account and per server, beside the per-IP ones (ADR 025).
const FAILURES = 4;

let server: TestServer | undefined;
let mailbox: Mailbox | undefined;
afterEach(async () => {
  await server?.close();
  await mailbox?.close();
  server = undefined;
  mailbox = undefined;
});

/** A password sign-in as supabase-js sends it, from the given client address (via a trusted proxy). */
async function signIn(s: TestServer, email: string, password: string, from: string) {
  const started = performance.now();
  const res = await fetch(`${s.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: s.anonKey, 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as Record<string, unknown>;
  return {
    status: res.status,
    body,
    retryAfter: res.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

describe('wrong passwords for one account', () => {
  it('slow down, then are refused with 429 and Retry-After, whatever address they come from', async () => {
    server = await startTestServer({
      TRUST_PROXY: '1',
      RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: String(FAILURES),
    });
    const email = uniqueEmail('guessed');
    const bystander = uniqueEmail('bystander');
    for (const address of [email, bystander]) {
      const { error } = await server.client().auth.signUp({ email: address, password: PASSWORD });
      expect(error).toBeNull();
    }

    const times: number[] = [];
    for (let i = 0; i < FAILURES; i += 1) {
      const guess = await signIn(server, email, `wrong-guess-${i}`, `203.0.113.${i + 1}`);
      expect(guess.status).toBe(400);
      expect(guess.body).toMatchObject({ code: 'invalid_credentials' });
      times.push(guess.ms);
    }
    // Past half the allowance every answer waits longer than a hash takes:
    // the last, two steps of 500 ms. A lower bound, which a busy machine
    // cannot break; on a quiet one an answer without the wait takes ~100 ms.
    expect(times[FAILURES - 1]).toBeGreaterThan(950);

    // Refused before the password is looked at: even the right one, from a new address.
    const refused = await signIn(server, email, PASSWORD, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'over_request_rate_limit',
      msg: 'Too many failed sign-in attempts for this account; try again later',
    });
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Another account is untouched.
    const other = await signIn(server, bystander, PASSWORD, '198.51.100.7');
    expect(other.status).toBe(200);
  }, 60_000);

  it('count from zero again after a correct password', async () => {
    server = await startTestServer({ RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: String(FAILURES) });
    const email = uniqueEmail('forgetful');
    const { error } = await server.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < FAILURES - 1; i += 1) {
        expect((await signIn(server, email, 'not-it-at-all', '127.0.0.1')).status).toBe(400);
      }
      expect((await signIn(server, email, PASSWORD, '127.0.0.1')).status).toBe(200);
    }
  }, 60_000);

  it('count for unknown addresses too, so the refusal reveals nothing', async () => {
    server = await startTestServer({ RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: String(FAILURES) });
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < FAILURES; i += 1) {
      expect((await signIn(server, nobody, 'whatever-guess', '127.0.0.1')).status).toBe(400);
    }
    expect((await signIn(server, nobody, 'whatever-guess', '127.0.0.1')).status).toBe(429);
  }, 60_000);

  it('cannot be outrun by guesses sent all at once, for an account or an unknown address', async () => {
    server = await startTestServer({
      TRUST_PROXY: '1',
      RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: String(FAILURES),
    });
    const s = server;
    const email = uniqueEmail('raced');
    const { error } = await s.client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    for (const target of [email, uniqueEmail('raced-nobody')]) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(s, target, `parallel-guess-${i}`, `203.0.113.${i + 1}`),
        ),
      );
      const checked = answers.filter((a) => a.body['code'] === 'invalid_credentials').length;
      const refused = answers.filter((a) => a.status === 429).length;
      expect({ checked, refused }).toEqual({ checked: FAILURES, refused: 40 - FAILURES });
    }
  }, 60_000);
});

describe('the current password given to PUT /user', () => {
  it('is a guess like a sign-in: it shares the allowance, and once it is used up even the right one is refused', async () => {
    server = await startTestServer({ RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: String(FAILURES) });
    const s = server;
    const user = await signUp(s, 'oracle');
    const hashOf = async () =>
      (
        await s.database.db.query(`SELECT encrypted_password FROM auth.users WHERE email = $1`, [
          user.email,
        ])
      ).rows[0];
    const before = await hashOf();
    const change = (current: string) =>
      user.client.auth.updateUser({
        password: 'taken over by a guesser',
        current_password: current,
      });

    // Half the allowance spent on sign-in, the rest on the profile change.
    for (let i = 0; i < FAILURES; i += 1) {
      if (i < FAILURES / 2) {
        expect((await signIn(s, user.email, `wrong-${i}`, '127.0.0.1')).status).toBe(400);
      } else {
        const guess = await change(`wrong-${i}`);
        expect(guess.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
      }
    }

    const right = await change(PASSWORD);
    expect(right.error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Too many failed sign-in attempts for this account; try again later',
    });
    expect(await hashOf()).toEqual(before);
    expect((await signIn(s, user.email, PASSWORD, '127.0.0.1')).status).toBe(429);
  }, 60_000);
});

describe('mail sent by the whole server', () => {
  // 6 an hour: each client and each destination may use 2 of them.
  const CAP = 6;

  const post = (path: string, body: object, ip: string) =>
    fetch(`${server?.url}/auth/v1${path}`, {
      method: 'POST',
      headers: {
        apikey: server?.anonKey ?? '',
        'content-type': 'application/json',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify(body),
    });
  const signUpFrom = (ip: string, email = uniqueEmail('mailed')) =>
    post('/signup', { email, password: PASSWORD }, ip);

  async function startCappedServer() {
    mailbox = await startMailbox();
    server = await startTestServer(
      { SMTP_URL: mailbox.url, TRUST_PROXY: '1', RATE_LIMIT_EMAIL_SENT_PER_HOUR: String(CAP) },
      { siteUrlIsSelf: true },
    );
  }

  // One client's sign-ups used to close the cap for everyone.
  it('lets one client, a whole /24, use only a third of it; others still sign up', async () => {
    await startCappedServer();
    expect((await signUpFrom('198.51.100.1')).status).toBe(200);
    expect((await signUpFrom('198.51.100.2')).status).toBe(200);
    const email = uniqueEmail('third-from-one');
    // Another address of the same /24 is the same client.
    const over = await signUpFrom('198.51.100.77', email);
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({
      code: 'over_email_send_rate_limit',
      msg: 'Email rate limit exceeded',
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused sign-up made no account, so the address is free for later.
    const { rows } = await server!.database.db.query(`SELECT 1 FROM auth.users WHERE email = $1`, [
      email,
    ]);
    expect(rows).toHaveLength(0);
    expect((await signUpFrom('203.0.113.1')).status).toBe(200);
    expect(mailbox!.received).toHaveLength(3);
  }, 60_000);

  it('is capped for the whole server, keeps a third for recovery, and tells no one who has an account', async () => {
    await startCappedServer();
    const first = uniqueEmail('first');
    const confirmed = uniqueEmail('confirmed');
    expect((await signUpFrom('198.51.100.1', first)).status).toBe(200);
    expect((await signUpFrom('198.51.100.1', confirmed)).status).toBe(200);
    await server!.database.db.query(
      `UPDATE auth.users SET email_confirmed_at = now() WHERE email = $1`,
      [confirmed],
    );
    for (const ip of ['203.0.113.1', '203.0.113.1']) {
      expect((await signUpFrom(ip)).status).toBe(200);
    }
    // Sign-ups have spent all they may: two thirds of the cap.
    expect(mailbox!.received).toHaveLength(CAP - CAP / 3);

    // A new address and a confirmed one are refused alike.
    const fresh = await signUpFrom('192.0.2.1');
    const known = await signUpFrom('198.18.0.1', confirmed);
    expect([fresh.status, known.status]).toEqual([429, 429]);
    // A new sign-up link answers as for nobody, {}, and sends nothing; a
    // recovery, from the reserve, still goes out.
    for (const [path, body] of [
      ['/resend', { type: 'signup', email: first }],
      ['/recover', { email: confirmed }],
      ['/recover', { email: uniqueEmail('nobody') }],
    ] as const) {
      const res = await post(path, body, '100.64.0.1');
      expect([path, res.status, await res.json()]).toEqual([path, 200, {}]);
    }
    expect(mailbox!.received).toHaveLength(CAP - CAP / 3 + 1);
    expect(mailbox!.received.at(-1)?.to).toEqual([confirmed]);
  }, 60_000);

  /** Log lines the operator would read, as JSON. */
  let logLines: Array<Record<string, unknown>> = [];
  const capWarnings = () =>
    logLines.filter((l) => String(l['msg']).startsWith('mail cap reached')).length;

  async function startLoggedCappedServer() {
    mailbox = await startMailbox();
    logLines = [];
    server = await startTestServer(
      {
        SMTP_URL: mailbox.url,
        TRUST_PROXY: '1',
        RATE_LIMIT_EMAIL_SENT_PER_HOUR: String(CAP),
        LOG_LEVEL: 'warn',
      },
      {
        siteUrlIsSelf: true,
        logTo: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
      },
    );
  }

  /** Accounts whose addresses are confirmed, made with the cap's counts then set back to zero. */
  async function confirmedAccounts(count: number, label: string): Promise<string[]> {
    const emails = Array.from({ length: count }, () => uniqueEmail(label));
    for (const email of emails) {
      expect((await signUpFrom('10.0.0.1', email)).status).toBe(200);
      await server!.database.db.query(`DELETE FROM auth.rate_limits`);
    }
    await server!.database.db.query(
      `UPDATE auth.users SET email_confirmed_at = now() WHERE email = ANY($1)`,
      [emails],
    );
    await server!.database.db.query(`DELETE FROM auth.rate_limits`);
    mailbox!.received.length = 0;
    return emails;
  }

  // Recovery requests for other people's addresses, from three networks,
  // used to spend the whole cap; the owner's recovery then sent nothing.
  it("sends a person's recovery link after strangers' recoveries spent the cap, and warns the operator once", async () => {
    await startLoggedCappedServer();
    const [owner, ...others] = await confirmedAccounts(CAP + 1, 'recovered');
    for (const [i, email] of others.entries()) {
      const res = await post('/recover', { email }, `198.51.${100 + Math.floor(i / 2)}.1`);
      expect(res.status).toBe(200);
    }
    expect(mailbox!.received).toHaveLength(CAP);

    const own = await post('/recover', { email: owner }, '192.0.2.1');
    expect([own.status, await own.json()]).toEqual([200, {}]);
    expect(mailbox!.received).toHaveLength(CAP + 1);
    expect(mailbox!.received.at(-1)?.to).toEqual([owner]);
    expect(capWarnings()).toBe(0);

    // The cap is closed for the rest: the operator hears of it once.
    expect((await signUpFrom('203.0.113.1')).status).toBe(429);
    expect((await signUpFrom('203.0.114.1')).status).toBe(429);
    expect(capWarnings()).toBe(1);
    expect(mailbox!.received).toHaveLength(CAP + 1);
  }, 60_000);

  // An address change mails the new address and the current one; changes
  // used to spend the reserve that recovery needs.
  it('counts address changes with sign-ups, so they leave the reserve to recovery', async () => {
    await startLoggedCappedServer();
    const accounts = await confirmedAccounts(3, 'moving');
    const owner = accounts[2]!;
    const changeFrom = async (email: string, ip: string) => {
      const token = await fetch(`${server!.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: server!.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { access_token } = (await token.json()) as { access_token: string };
      return fetch(`${server!.url}/auth/v1/user`, {
        method: 'PUT',
        headers: {
          apikey: server!.anonKey,
          authorization: `Bearer ${access_token}`,
          'content-type': 'application/json',
          'x-forwarded-for': ip,
        },
        body: JSON.stringify({ email: uniqueEmail('moved') }),
      });
    };
    // Two links each: two changes are the two thirds sign-ups may spend.
    expect((await changeFrom(accounts[0]!, '198.51.100.1')).status).toBe(200);
    expect((await changeFrom(accounts[1]!, '198.51.101.1')).status).toBe(200);
    expect(mailbox!.received).toHaveLength(CAP - CAP / 3);
    const third = await changeFrom(owner, '198.51.102.1');
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(capWarnings()).toBe(1);

    const recovery = await post('/recover', { email: owner }, '192.0.2.1');
    expect(recovery.status).toBe(200);
    expect(mailbox!.received.at(-1)?.to).toEqual([owner]);
  }, 60_000);
});
