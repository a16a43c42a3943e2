import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startTestServer,
  type TestServer,
  uniqueEmail,
  withTestServer,
} from '../helpers/test-server.ts';
import { expectAuthError, expectRefusedWithoutSession, PASSWORD, postJson } from './support.ts';

const TOKEN_LIMIT = 4;
const SIGNUP_LIMIT = 2;

// A fresh server (and database) per test, so that each starts with no hits.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    RATE_LIMIT_TOKEN_PER_5MIN: String(TOKEN_LIMIT),
    RATE_LIMIT_SIGNUP_PER_5MIN: String(SIGNUP_LIMIT),
  });
});
afterEach(() => server.close());

describe('per-IP rate limits', () => {
  it('refuses sign-ups over the limit with 429 over_request_rate_limit', async () => {
    const client = server.client();
    for (let i = 0; i < SIGNUP_LIMIT; i += 1) {
      const { error } = await client.auth.signUp({ email: uniqueEmail('rl'), password: PASSWORD });
      expect(error).toBeNull();
    }
    const email = uniqueEmail('rl-over');
    expectRefusedWithoutSession(await client.auth.signUp({ email, password: PASSWORD }), {
      status: 429,
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // The refused sign-up made no account.
    const login = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(login.error).toMatchObject({ code: 'invalid_credentials' });

    // The counters live in PostgreSQL, where every replica shares them.
    const { rows } = await server.database.db.query<{ bucket: string; hits: number }>(
      // Summed over windows: the test may straddle a window boundary.
      // Per-IP buckets only: wrong passwords are also counted per account (account-limits.test.ts).
      "SELECT bucket, sum(hits)::int AS hits FROM auth.rate_limits WHERE bucket NOT LIKE 'login-failures:%' GROUP BY bucket ORDER BY bucket",
    );
    expect(rows).toEqual([
      { bucket: 'signup:127.0.0.1', hits: SIGNUP_LIMIT + 1 },
      { bucket: 'token:127.0.0.1', hits: 1 },
    ]);
  });

  it('counts token grants separately and refuses those over the limit', async () => {
    // Unknown grant types are refused before they are counted, as in GoTrue.
    for (let i = 0; i < 3; i += 1) {
      const unknown = await postJson(server, '/token?grant_type=nonsense', {});
      expectAuthError(unknown, 400, 'invalid_credentials');
    }
    const client = server.client();
    for (let i = 0; i < TOKEN_LIMIT; i += 1) {
      const { error } = await client.auth.signInWithPassword({
        email: uniqueEmail('nobody'),
        password: PASSWORD,
      });
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    const over = await client.auth.signInWithPassword({ email: uniqueEmail(), password: PASSWORD });
    expect(over.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    const refresh = await postJson(server, '/token?grant_type=refresh_token', {
      refresh_token: 'A'.repeat(43),
    });
    expectAuthError(refresh, 429, 'over_request_rate_limit', 'Request rate limit reached');
  });
});

describe('rate limits behind a reverse proxy (TRUST_PROXY=true)', () => {
  it('counts the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    await withTestServer(
      {
        RATE_LIMIT_TOKEN_PER_5MIN: String(TOKEN_LIMIT),
        TRUST_PROXY: 'true',
      },
      async (proxied) => {
        const statuses: number[] = [];
        for (let i = 0; i < TOKEN_LIMIT + 2; i += 1) {
          // The client forges a new left-most entry each time; the proxy appends the real one.
          const res = await postJson(
            proxied,
            '/token?grant_type=password',
            { email: uniqueEmail('spoof'), password: PASSWORD },
            { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` },
          );
          statuses.push(res.status);
        }
        expect(statuses).toEqual([...Array(TOKEN_LIMIT).fill(400), 429, 429]);
        const { rows } = await proxied.database.db.query<{ bucket: string }>(
          "SELECT DISTINCT bucket FROM auth.rate_limits WHERE bucket NOT LIKE 'login-failures:%'",
        );
        expect(rows).toEqual([{ bucket: 'token:203.0.113.9' }]);
      },
    );
  });
});

describe('password changes', () => {
  it('count against the sign-in limit, since each one tests a password guess', async () => {
    await withTestServer({ RATE_LIMIT_TOKEN_PER_5MIN: '3' }, async (limited) => {
      const client = limited.client();
      // Sign-up counts against its own limit; each password change below is one hit.
      const { error: signUpError } = await client.auth.signUp({
        email: uniqueEmail('pw-change'),
        password: PASSWORD,
      });
      expect(signUpError).toBeNull();
      const outcomes: Array<string | undefined> = [];
      for (let i = 0; i < 4; i += 1) {
        const { error } = await client.auth.updateUser({ password: `guess-number-${i}` });
        outcomes.push(error?.code);
      }
      expect(outcomes).toEqual([undefined, undefined, undefined, 'over_request_rate_limit']);
    });
  });
});

describe('the rate-limit window', () => {
  it('slides: hits just before a window boundary still count just after it', async () => {
    await withTestServer({ RATE_LIMIT_TOKEN_PER_5MIN: '3' }, async (limited) => {
      // A burst recorded in the previous five-minute window, as if it had
      // ended a moment ago; a fixed window would forget it and allow more.
      await limited.database.db.query(
        `INSERT INTO auth.rate_limits (bucket, window_start, hits)
         VALUES ('token:127.0.0.1', to_timestamp(floor(extract(epoch FROM now()) / 300) * 300 - 300), 1000000)`,
      );
      const { error } = await limited.client().auth.signInWithPassword({
        email: uniqueEmail('slide'),
        password: PASSWORD,
      });
      expect(error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    });
  });
});
