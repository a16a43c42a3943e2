import { beforeAll, describe, expect, it } from 'vitest';
import { createJwtKeys } from '../../src/jwt.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { authRequest, bearer, decodeJwt, expectAuthError, signUp } from './support.ts';

// A token signed with our secret is still refused when it could never have
// been ours to accept (ADR 024): one without exp would be valid forever, one
// for another audience or from another issuer was made for someone else.

let claims: Record<string, unknown>;
const server = await serverForFile();
beforeAll(async () => {
  const { session } = await signUp(server, 'claims');
  claims = decodeJwt(session.access_token);
});

const sign = (payload: Record<string, unknown>) => createJwtKeys(server.jwtSecret).sign(payload);

async function expectRefused(token: string): Promise<void> {
  const auth = await authRequest(server, '/user', { headers: bearer(token) });
  expectAuthError(auth, 403, 'bad_jwt', /^invalid JWT/);
  const rest = await fetch(`${server.url}/rest/v1/user_answers?select=id`, {
    headers: { apikey: server.anonKey, ...bearer(token) },
  });
  expect(rest.status).toBe(401);
  expect(await rest.json()).toMatchObject({ code: 'PGRST301' });
}

describe('access token claims', () => {
  it('accepts the tokens we issue, with exp, aud and iss', async () => {
    const res = await authRequest(server, '/user', { headers: bearer(await sign(claims)) });
    expect(res.status).toBe(200);
  });

  it('refuses a token without exp', async () => {
    await expectRefused(await sign({ ...claims, exp: undefined }));
  });

  it('refuses a token for another audience, or for none', async () => {
    await expectRefused(await sign({ ...claims, aud: 'some-other-service' }));
    await expectRefused(await sign({ ...claims, aud: undefined }));
  });

  it('refuses a token from another issuer', async () => {
    await expectRefused(await sign({ ...claims, iss: 'https://someone-else.example/auth/v1' }));
  });

  it('keeps the anon key working: it has an expiry now too', async () => {
    expect(decodeJwt(server.anonKey)).toMatchObject({ role: 'anon', exp: expect.any(Number) });
    const settings = await authRequest(server, '/settings');
    expect(settings.status).toBe(200);
    // The data API takes it as the anon role, which may not read the journal:
    // refused for want of a privilege, not for the token.
    const res = await fetch(`${server.url}/rest/v1/questions?select=id`, {
      headers: { apikey: server.anonKey, ...bearer(server.anonKey) },
    });
    expect(await res.json()).toMatchObject({ code: '42501' });
  });
});
