import { describe, expect, it } from 'vitest';
import type { AuthClient } from '../../src/session/auth-client.ts';
import { finishAuthenticatorSetup } from '../../src/features/profile/api/two-step.ts';

// Turning two-step sign-in on where the server makes no recovery codes
// (hosted Supabase unless a project enabled them), or makes them only after
// a new sign-in: the first code has turned it on, so the setup answers "no
// codes" and why, not a failure.

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
    expect(await finishAuthenticatorSetup(auth, 'factor', '123 456')).toEqual({
      made: ['a', 'b'],
    });
  });

  it('answers no codes when the server refuses to make codes', async () => {
    const refused = { status: 404, code: 'not_found', message: 'Not found' };
    const auth = authWith(() => Promise.resolve({ data: null, error: refused }));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123456')).toEqual({
      made: null,
      needsFreshSignIn: false,
    });
  });

  it('answers no codes until a new sign-in when the sign-in is too old', async () => {
    const refused = { status: 400, code: 'reauthentication_needed', message: 'reauthenticate' };
    const auth = authWith(() => Promise.resolve({ data: null, error: refused }));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123456')).toEqual({
      made: null,
      needsFreshSignIn: true,
    });
  });

  it('answers no codes when supabase-js has recovery codes off', async () => {
    const auth = authWith(() => Promise.reject(new Error('experimental API disabled')));
    expect(await finishAuthenticatorSetup(auth, 'factor', '123456')).toEqual({
      made: null,
      needsFreshSignIn: false,
    });
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
