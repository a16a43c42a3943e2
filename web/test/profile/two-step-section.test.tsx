import { AuthApiError } from '@supabase/supabase-js';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProfileTab } from '../../src/features/profile/components/ProfileTab.tsx';
import { YourDataSection } from '../../src/features/your-data/components/YourDataSection.tsx';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

// The server adds an authenticator only within 15 minutes of a sign-in
// (docs/decisions/064). When it says the sign-in is older, the card asks for
// the password, signs in again and carries on: a test cannot age the real
// server's session, so the first enroll answers as the server then does.

describe('turning two-step sign-in on after a while signed in', () => {
  it('asks for the password, signs in again, and shows the QR code', async () => {
    const account = await signUpAppUser('stale-two-step');
    const mfa = account.supabase.auth.mfa;
    const enroll = mfa.enroll.bind(mfa);
    let refusals = 0;
    mfa.enroll = ((params: Parameters<typeof enroll>[0]) => {
      if (refusals++ === 0) {
        return Promise.resolve({
          data: null,
          error: new AuthApiError(
            'MFA factor update requires reauthentication',
            400,
            'reauthentication_needed',
          ),
        });
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
