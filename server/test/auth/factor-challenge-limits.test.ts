import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentStep, totpCode } from '../../src/auth/accounts/totp.ts';
import { OPEN_CHALLENGES_PER_FACTOR } from '../../src/auth/accounts/factor-challenges.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// Authenticator challenges are each a synced write: they are limited per
// person and per address, a factor keeps only a few open, and expired ones
// are swept (docs/security-bounds.md).

const LIMIT = 4;

interface WithAuthenticator extends SignedInUser {
  factorId: string;
  secret: string;
}

/** A new person whose authenticator is on: one challenge of theirs answered, from loopback. */
async function personWithAuthenticator(server: TestServer): Promise<WithAuthenticator> {
  const person = await signedInClient(server, 'challenged');
  const enrolled = await person.client.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolled.error) throw enrolled.error;
  const { id: factorId, totp } = enrolled.data;
  const code = totpCode(totp.secret, currentStep());
  const verified = await person.client.auth.mfa.challengeAndVerify({ factorId, code });
  expect(verified.error).toBeNull();
  const { data } = await person.client.auth.getSession();
  return { ...person, accessToken: data.session!.access_token, factorId, secret: totp.secret };
}

/** A challenge as supabase-js asks for it, from the given address (via a trusted proxy). */
async function challengeFrom(server: TestServer, person: WithAuthenticator, from: string) {
  const res = await fetch(`${server.url}/auth/v1/factors/${person.factorId}/challenge`, {
    method: 'POST',
    headers: {
      apikey: server.anonKey,
      authorization: `Bearer ${person.accessToken}`,
      'x-forwarded-for': from,
    },
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

/** The challenges the server keeps of a person. */
async function storedChallenges(server: TestServer, userId: string): Promise<string[]> {
  const { rows } = await server.database.db.query<{ id: string }>(
    `SELECT c.id FROM auth.mfa_challenges c
       JOIN auth.mfa_factors f ON f.id = c.factor_id WHERE f.user_id = $1`,
    [userId],
  );
  return rows.map((row) => row.id);
}

describe('challenge limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      TRUST_PROXY: '1',
      RATE_LIMIT_FACTOR_CHALLENGES_PER_5MIN: String(LIMIT),
    });
  }, 60_000);
  afterAll(() => server.close());

  it('refuse one person past the limit, whatever address they ask from', async () => {
    const person = await personWithAuthenticator(server);
    const statuses: number[] = [];
    for (let i = 1; i < LIMIT; i += 1) {
      statuses.push((await challengeFrom(server, person, `203.0.113.${i}`)).status);
    }
    expect(statuses).toEqual(Array(LIMIT - 1).fill(200));
    const over = await challengeFrom(server, person, '198.51.100.77');
    expect(over).toEqual({
      status: 429,
      body: expect.objectContaining({ code: 'over_request_rate_limit' }),
    });
  });

  it('refuse one address past the limit, whoever asks from it', async () => {
    const first = await personWithAuthenticator(server);
    const second = await personWithAuthenticator(server);
    const shared = '192.0.2.10';
    for (const person of [first, first, second, second]) {
      expect((await challengeFrom(server, person, shared)).status).toBe(200);
    }
    const over = await challengeFrom(server, second, shared);
    expect(over).toEqual({
      status: 429,
      body: expect.objectContaining({ code: 'over_request_rate_limit' }),
    });
    // The second person is under their own limit: from elsewhere they may ask.
    expect((await challengeFrom(server, second, '192.0.2.200')).status).toBe(200);
  });
});

describe('open challenges', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  it('a factor keeps only its newest few: the oldest can no longer be answered', async () => {
    const person = await personWithAuthenticator(server);
    const ids: string[] = [];
    for (let i = 0; i < OPEN_CHALLENGES_PER_FACTOR + 1; i += 1) {
      const { data, error } = await person.client.auth.mfa.challenge({ factorId: person.factorId });
      expect(error).toBeNull();
      ids.push(data!.id);
    }
    expect(await storedChallenges(server, person.userId)).toHaveLength(OPEN_CHALLENGES_PER_FACTOR);

    const code = totpCode(person.secret, currentStep() + 1);
    const oldest = await person.client.auth.mfa.verify({
      factorId: person.factorId,
      challengeId: ids[0]!,
      code,
    });
    expect(oldest.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
    const newest = await person.client.auth.mfa.verify({
      factorId: person.factorId,
      challengeId: ids.at(-1)!,
      code,
    });
    expect(newest.error).toBeNull();
  });

  it('expired and answered challenges are swept when the person asks again', async () => {
    const person = await personWithAuthenticator(server);
    const answered = await storedChallenges(server, person.userId);
    expect(answered).toHaveLength(1);
    const aged = await person.client.auth.mfa.challenge({ factorId: person.factorId });
    await server.database.db.query(
      `UPDATE auth.mfa_challenges SET created_at = now() - interval '10 minutes' WHERE id = $1`,
      [aged.data!.id],
    );
    const again = await person.client.auth.mfa.challenge({ factorId: person.factorId });
    expect(again.error).toBeNull();
    expect(await storedChallenges(server, person.userId)).toEqual([again.data!.id]);
  });
});
