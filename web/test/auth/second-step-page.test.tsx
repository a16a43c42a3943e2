import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthenticatorApp } from '../../../test-support/authenticator-app.ts';
import { RequireAuth } from '../../src/app/RequireAuth.tsx';
import { renderApp } from '../support/render-app.tsx';
import { signUpAppUser, type AppUser } from '../support/users.ts';

// The second step of a sign-in offers a recovery code only to an account
// that has recovery codes: a hosted Supabase project makes them only where
// it enabled them (docs/self-hosting.md), and a button that can only fail
// would send a person who lost their phone down a dead end.

/** Turns two-step sign-in on in the app's client; makes recovery codes when asked. */
async function withTwoStep(user: AppUser, makeCodes: boolean): Promise<void> {
  const enrolled = await user.supabase.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolled.error) throw enrolled.error;
  const phone = new AuthenticatorApp(enrolled.data.totp.secret);
  const verified = await user.supabase.auth.mfa.challengeAndVerify({
    factorId: enrolled.data.id,
    code: phone.code(),
  });
  if (verified.error) throw verified.error;
  if (makeCodes) {
    const made = await user.supabase.auth.mfa.recoveryCodes.generate();
    if (made.error) throw made.error;
  }
  // A new sign-in: one step done, the code still owed.
  const again = await user.supabase.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (again.error) throw again.error;
}

describe('the second step of a sign-in', () => {
  it('offers a recovery code to an account that has them', async () => {
    const user = await signUpAppUser('second-step-codes');
    await withTwoStep(user, true);
    renderApp(<RequireAuth>journal</RequireAuth>, { supabase: user.supabase });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });

  it('offers none to an account without recovery codes', async () => {
    const user = await signUpAppUser('second-step-no-codes');
    await withTwoStep(user, false);
    renderApp(<RequireAuth>journal</RequireAuth>, { supabase: user.supabase });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();
  });
});
