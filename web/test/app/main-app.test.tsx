import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';
import { useLocation } from '../../src/lib/router/router.tsx';
import { renderApp } from '../support/render-app.tsx';
import { otherDeviceClient, signUpAppUser } from '../support/users.ts';

/** The router's idea of where the app is, beside the screens. */
function RouterAddress() {
  const { pathname } = useLocation();
  return <output aria-label="router address">{pathname}</output>;
}

describe('the signed-in app', () => {
  it('opens on Track and switches tabs from the bottom bar', async () => {
    const account = await signUpAppUser('tabs');
    const user = userEvent.setup();
    renderApp(<AppRoutes />, { supabase: account.supabase, path: '/' });

    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Track' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Look Back' }));
    expect(await screen.findByRole('heading', { name: 'Activity History' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Look Back' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('logs out from Profile back to the login screen, forgetting the session', async () => {
    const account = await signUpAppUser('logout');
    const user = userEvent.setup();
    const before = await account.supabase.auth.getSession();
    const refreshToken = before.data.session?.refresh_token;
    if (!refreshToken) throw new Error('the new user has no session');
    renderApp(<AppRoutes />, { supabase: account.supabase, path: '/' });
    await user.click(await screen.findByRole('tab', { name: 'Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    const { data } = await account.supabase.auth.getSession();
    expect(data.session).toBeNull();
    // The server ended the session too: its refresh token is no longer accepted.
    const reuse = await otherDeviceClient().auth.refreshSession({ refresh_token: refreshToken });
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('corrects a week’s review address whose date is not a date to this week’s review', async () => {
    const account = await signUpAppUser('bad-review-address');
    renderApp(
      <>
        <AppRoutes />
        <RouterAddress />
      </>,
      { supabase: account.supabase, path: '/insights/review/not-a-date' },
    );
    expect(await screen.findByRole('heading', { name: /^Your week: / })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { name: 'router address' })).toHaveTextContent(
      /^\/insights\/review$/,
    );
  });
});
