import { AuthApiError } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuthenticatorApp } from '../../../test-support/authenticator-app.ts';
import { ProfileTab } from '../../src/features/profile/components/ProfileTab.tsx';
import { YourDataSection } from '../../src/features/your-data/components/YourDataSection.tsx';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

// The server adds an authenticator only within 15 minutes of a sign-in
// (docs/decisions/064). When it says the sign-in is older, the card asks for
// the password, signs in again and carries on: a test cannot age the real
// server's session, so the first enroll answers as the server then does.

/** The server's answer when a change needs a sign-in from the last 15 minutes. */
const reauthenticationNeeded = () =>
  new AuthApiError('MFA factor update requires reauthentication', 400, 'reauthentication_needed');

describe('turning two-step sign-in on after a while signed in', () => {
  it('asks for the password, signs in again, and shows the QR code', async () => {
    const account = await signUpAppUser('stale-two-step');
    const mfa = account.supabase.auth.mfa;
    const enroll = mfa.enroll.bind(mfa);
    let refusals = 0;
    mfa.enroll = ((params: Parameters<typeof enroll>[0]) => {
      if (refusals++ === 0) {
        return Promise.resolve({ data: null, error: reauthenticationNeeded() });
      }
      return enroll(params);
    }) as typeof mfa.enroll;
    const user = userEvent.setup();
    renderSignedInTab(<ProfileTab yourData={<YourDataSection />} />, account);

    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(
      await screen.findByText(
        'For your safety, confirm it is you: your last sign-in was more than 15 minutes ago.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    expect(refusals).toBe(2);
  });
});

// Making the first recovery codes needs a sign-in from the last 15 minutes
// too (docs/decisions/088): a person who set the app up slowly has two-step
// sign-in on and no codes yet. The page must say so and let them sign in
// again, not tell them this server makes no codes.
describe('making the first recovery codes after a while signed in', () => {
  it('says the sign-in is too old, signs in again, and shows the codes', async () => {
    const account = await signUpAppUser('stale-recovery-codes');
    const codes = account.supabase.auth.mfa.recoveryCodes;
    const generate = codes.generate.bind(codes);
    let refusals = 0;
    codes.generate = (() => {
      if (refusals++ === 0) {
        return Promise.resolve({ data: null, error: reauthenticationNeeded() });
      }
      return generate();
    }) as typeof codes.generate;
    const user = userEvent.setup();
    renderSignedInTab(<ProfileTab yourData={<YourDataSection />} />, account);

    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }));
    const phone = new AuthenticatorApp((await screen.findByTestId('totp-secret')).textContent!);
    await user.type(screen.getByLabelText('Code from the app'), phone.code());
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(
      await screen.findByText(
        'Two-step sign-in is on, but your recovery codes are not made yet: your last sign-in was more than 15 minutes ago. Sign in again to make them.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/makes no recovery codes/)).not.toBeInTheDocument();
    const before = (await account.supabase.auth.getSession()).data.session?.access_token;
    await user.type(screen.getByLabelText('Your password'), account.password);
    // The code of the next period: the one just given cannot be used twice.
    await user.type(screen.getByLabelText('Code from your authenticator app'), phone.nextCode());
    await user.click(screen.getByRole('button', { name: 'Make recovery codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(refusals).toBe(1);
    // That sign-in was one of its own: the app's session is the one it had.
    expect((await account.supabase.auth.getSession()).data.session?.access_token).toBe(before);
  });
});
