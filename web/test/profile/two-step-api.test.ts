import { describe, expect, it } from 'vitest';
import type { AuthClient } from '../../src/session/auth-client.ts';
import { finishAuthenticatorSetup } from '../../src/features/profile/api/two-step.ts';

// Turning two-step sign-in on where the server makes no recovery codes
// (hosted Supabase unless a project enabled them): the first code has
// turned it on, so the setup answers "no codes", not a failure.

function authWith(generate: () => Promise<unknown>): AuthClient {
  return {
    mfa: {
      challengeAndVerify: () => Promise.resolve({ data: {}, error: null }),
      recoveryCodes: { generate },
    },
  } as unknown as AuthClient;
}

describe('finishAuthenticatorSetup', () => {
  it('answers the codes the server made', async () => {
    const auth = authWith(() => Promise.resolve({ data: { codes: ['a', 'b'] }, error: null }));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123 456')).toEqual(['a', 'b']);
  });

  it('answers null when the server refuses to make codes', async () => {
    const refused = { status: 404, code: 'not_found', message: 'Not found' };
    const auth = authWith(() => Promise.resolve({ data: null, error: refused }));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123456')).toBeNull();
  });

  it('answers null when supabase-js has recovery codes off', async () => {
    const auth = authWith(() => Promise.reject(new Error('experimental API disabled')));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123456')).toBeNull();
  });

  it('still fails when the first code is wrong', async () => {
    const auth = {
      mfa: {
        challengeAndVerify: () =>
          Promise.resolve({ data: null, error: { code: 'mfa_verification_failed' } }),
      },
    } as unknown as AuthClient;
    await expect(finishAuthenticatorSetup(auth, 'factor', '000000')).rejects.toMatchObject({
      code: 'mfa_verification_failed',
    });
  });
});
