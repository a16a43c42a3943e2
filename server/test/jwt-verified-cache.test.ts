import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtKeys, JwtError } from '../src/jwt.ts';

// Verified tokens are remembered by their text (src/jwt.ts); remembering must
// never outlive the token nor let a token signed with another secret through.

/** A user's token as the auth API issues it: for "authenticated", valid an hour. */
function userClaims(sub: string) {
  return {
    aud: 'authenticated',
    role: 'authenticated',
    sub,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
}

describe('verified tokens remembered by their text', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const keys = createJwtKeys('a secret of at least thirty-two characters!');
    const now = Math.floor(Date.now() / 1000);
    const token = await keys.sign({ ...userClaims('u1'), exp: now + 5 });
    expect((await keys.verify(token))['sub']).toBe('u1');
    expect((await keys.verify(token))['sub']).toBe('u1');

    vi.setSystemTime(new Date('2026-01-01T00:00:06Z'));
    const failure = await keys.verify(token).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(JwtError);
    expect((failure as JwtError).reason).toBe('expired');
  });

  it('does not accept a token that another secret signed, even one remembered under that secret', async () => {
    const ours = createJwtKeys('a secret of at least thirty-two characters!');
    const theirs = createJwtKeys('another secret, also thirty-two characters');
    const token = await theirs.sign(userClaims('u2'));
    expect((await theirs.verify(token))['sub']).toBe('u2');
    await expect(ours.verify(token)).rejects.toBeInstanceOf(JwtError);
  });

  it('hands out claims nobody can change for the next request', async () => {
    const keys = createJwtKeys('a secret of at least thirty-two characters!');
    const token = await keys.sign(userClaims('u3'));
    const claims = await keys.verify(token);
    expect(() => {
      claims['role'] = 'service_role';
    }).toThrow(TypeError);
    expect((await keys.verify(token))['role']).toBe('authenticated');
  });
});
