import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from '../../src/lib/router/router.tsx';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';
import { renderApp } from '../support/render-app.tsx';
import { createAccountElsewhere, createAppClient, signUpAppUser } from '../support/users.ts';

// A confirmation link comes back to the site origin (docs/product.md 7) as GoTrue's
// /verify sends it: with ?code= on success, with error parameters (in query
// and fragment) on failure. These are the app's answers to such a landing.

const EXPIRED_LINK =
  '/?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired' +
  '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';

/** The router's idea of where the app is, beside the screens. */
function RouterAddress() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="router address">{`${pathname}${search}${hash}`}</output>;
}

function renderAt(path: string, supabase = createAppClient()) {
  renderApp(
    <>
      <AppRoutes />
      <RouterAddress />
    </>,
    { supabase, path },
  );
  return { user: userEvent.setup(), supabase };
}

const routerAddress = () => screen.getByRole('status', { name: 'router address' }).textContent;

describe('arriving from a confirmation link', () => {
  it('with an expired or used link: /login says so in the red box, in words a person can act on', async () => {
    renderAt(EXPIRED_LINK);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This confirmation link is invalid or has expired. Try signing in; if your address is not confirmed yet, ask for a new link.',
    );
    expect(routerAddress()).toBe('/login');
  });

  it("with another error: the server's description shows as it came", async () => {
    renderAt('/?error=server_error&error_description=Database+unavailable');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('with a code this browser could not trade: the address is confirmed, so /login asks for the password', async () => {
    renderAt('/?code=0b5c3f1e-6f55-4a52-9a0d-6a3f2f7c3c11');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your email address is confirmed, but this browser could not sign you in with the link. Please sign in.',
    );
  });

  it('signing in after a failed landing comes back to / without the old link in the address', async () => {
    const account = await createAccountElsewhere('after-landing');
    const { user } = renderAt(`${EXPIRED_LINK.split('#')[0]}&keep=1`);
    await screen.findByRole('alert');
    await user.type(screen.getByPlaceholderText('Enter your email'), account.email);
    await user.type(screen.getByPlaceholderText('Enter your password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
    // The app's own parameters stay; the link's are gone.
    expect(routerAddress()).toBe('/?keep=1');
  });

  it('signed in already: the app opens and drops the code, so a later log out shows no stale error', async () => {
    const account = await signUpAppUser('landed');
    const { user } = renderAt('/?code=0b5c3f1e-6f55-4a52-9a0d-6a3f2f7c3c11', account.supabase);
    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
    expect(routerAddress()).toBe('/');

    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
