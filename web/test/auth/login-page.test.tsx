import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../src/app/AppRoutes.tsx';
import { renderApp } from '../support/render-app.tsx';
import {
  createAccountElsewhere,
  createAppClient,
  signInElsewhere,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/users.ts';

// The whole route tree, so leaving /login after signing in can be seen.
async function openLoginScreen(path = '/login') {
  const user = userEvent.setup();
  const supabase = createAppClient();
  renderApp(<AppRoutes />, { supabase, path });
  await screen.findByRole('heading', { name: 'Welcome Back' });
  return { user, supabase };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByPlaceholderText('Enter your email'), email);
  await user.type(screen.getByPlaceholderText('Enter your password'), password);
}

describe('the login screen', () => {
  it('shows the tagline over the form', async () => {
    await openLoginScreen();
    expect(
      screen.getByText('Track your energy levels and get personalized insights'),
    ).toBeInTheDocument();
  });

  it("shows the server's message in the red box for a wrong password, and stays", async () => {
    const account = await createAccountElsewhere('wrong-password');
    const { user } = await openLoginScreen();
    await fillIn(user, account.email, 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('signs in with the right password and opens the app', async () => {
    const account = await createAccountElsewhere('sign-in');
    const { user, supabase } = await openLoginScreen();
    await fillIn(user, account.email, account.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
    const { data } = await supabase.auth.getSession();
    expect(data.session?.user.email).toBe(account.email);
  });

  it('creates an account, signs the new user in and leaves the login screen', async () => {
    const { user, supabase } = await openLoginScreen();
    const email = uniqueEmail('sign-up');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await fillIn(user, email, TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Track Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create Account' })).not.toBeInTheDocument();
    const { data } = await supabase.auth.getSession();
    expect(data.session?.user.email).toBe(email);
    // The account is really on the server, with that password.
    const elsewhere = await signInElsewhere(email, TEST_PASSWORD);
    expect((await elsewhere.auth.getUser()).data.user?.email).toBe(email);
  });

  it('sends a signed-out visitor of / to the login screen first', async () => {
    await openLoginScreen('/');
    expect(screen.queryByRole('heading', { name: 'Track Activity' })).not.toBeInTheDocument();
  });
});
