import { afterEach, describe, expect, it } from 'vitest';
import { newTarget, runCommand, startServer, type Target } from '../backup/targets.ts';
import { uniqueEmail } from '../helpers/test-server.ts';

// `npm run reset-password -- <email>`: the operator's way to give someone a
// new password when no mail can carry a recovery link (docs/security.md).

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a new and long passphrase';

let target: Target | undefined;
afterEach(async () => {
  await target?.remove();
  target = undefined;
});

/** A target with one account, signed in once; answers its address and refresh token. */
async function accountOn(t: Target) {
  const server = await startServer(t);
  try {
    const email = uniqueEmail('forgetful');
    const { data, error } = await server.client().auth.signUp({ email, password: OLD_PASSWORD });
    expect(error).toBeNull();
    return { email, refreshToken: data.session!.refresh_token };
  } finally {
    await server.stop();
  }
}

async function signsIn(t: Target, email: string, password: string): Promise<boolean> {
  const server = await startServer(t);
  try {
    const { error } = await server.client().auth.signInWithPassword({ email, password });
    return error === null;
  } finally {
    await server.stop();
  }
}

describe('npm run reset-password', () => {
  it('sets the new password read from standard input and ends every session', async () => {
    target = await newTarget();
    const { email, refreshToken } = await accountOn(target);

    const result = await runCommand('reset-password', [email], target.env, `${NEW_PASSWORD}\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Set a new password for ${email}`);
    expect(result.stdout).not.toContain(NEW_PASSWORD);

    expect(await signsIn(target, email, OLD_PASSWORD)).toBe(false);
    expect(await signsIn(target, email, NEW_PASSWORD)).toBe(true);
    const server = await startServer(target);
    try {
      const { error } = await server.client().auth.refreshSession({ refresh_token: refreshToken });
      expect(error?.code).toBe('refresh_token_not_found');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses, changing nothing, a password the rules refuse and an unknown address', async () => {
    target = await newTarget();
    const { email } = await accountOn(target);

    const weak = await runCommand('reset-password', [email], target.env, 'short');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/^Password reset refused: .*8 characters/);

    const unknown = await runCommand(
      'reset-password',
      ['nobody@example.test'],
      target.env,
      NEW_PASSWORD,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'Password reset refused: no account has the address nobody@example.test',
    );
    expect(await signsIn(target, email, OLD_PASSWORD)).toBe(true);
  }, 120_000);

  it('says how to use it when the address is missing', async () => {
    target = await newTarget();
    const result = await runCommand('reset-password', [], target.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Usage: npm run reset-password -- <email>/);
  });
});
