import { afterEach, describe, expect, it } from 'vitest';
import { newTarget, runCommand, startServer, type Target } from '../backup/targets.ts';
import { uniqueEmail } from '../helpers/test-server.ts';

// `npm run remove-factors -- <email>` as the operator runs it, in a process of
// its own (what it removes is tested in auth/factor-changes.test.ts).

let target: Target | undefined;
afterEach(async () => {
  await target?.remove();
  target = undefined;
});

describe('npm run remove-factors', () => {
  it('says how to use it, refuses an unknown address, and reports what it removed', async () => {
    target = await newTarget();
    const usage = await runCommand('remove-factors', [], target.env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run remove-factors -- <email>/);

    const email = uniqueEmail('lost-phone');
    const server = await startServer(target);
    try {
      const { error } = await server.client().auth.signUp({ email, password: 'a long passphrase' });
      expect(error).toBeNull();
    } finally {
      await server.stop();
    }

    const unknown = await runCommand('remove-factors', ['nobody@example.test'], target.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'Removing factors refused: no account has the address nobody@example.test',
    );
    const done = await runCommand('remove-factors', [email], target.env);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Removed 0 factors of ${email}`);
  }, 120_000);
});
