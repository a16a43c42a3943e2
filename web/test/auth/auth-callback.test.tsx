import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';
import { renderApp } from '../support/render-app.tsx';
import { createAppClient, signUpAppUser } from '../support/users.ts';

// /auth/callback reads the address the provider sent the browser to, as
// supabase-js does; jsdom's address is set to it before the client is made.
function arriveAt(address: string) {
  window.history.replaceState(null, '', address);
}

afterEach(() => arriveAt('/'));

describe('the /auth/callback screen', () => {
  it('shows an error the provider sent back in the red box on /login', async () => {
    arriveAt(
      '/auth/callback?error=access_denied&error_description=The+user+denied+the+request' +
        '#error=access_denied&error_description=The+user+denied+the+request',
    );
    renderApp(<AppRoutes />, { supabase: createAppClient(), path: '/auth/callback' });
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The user denied the request');
  });

  it('sends a visitor who came back without a code or session to /login, saying so', async () => {
    arriveAt('/auth/callback');
    renderApp(<AppRoutes />, { supabase: createAppClient(), path: '/auth/callback' });
    expect(screen.getByTestId('screen-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in did not complete. Please try again.',
    );
  });

  it('goes on to the app when the session is already there', async () => {
    const account = await signUpAppUser('callback');
    arriveAt('/auth/callback');
    renderApp(<AppRoutes />, { supabase: account.supabase, path: '/auth/callback' });
    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
  });
});
