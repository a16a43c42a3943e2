import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginForm } from '../../src/features/auth/components/LoginForm.tsx';
import { renderApp } from '../support/render-app.tsx';
import { wholeText } from '../support/text-content.ts';
import { createAppClient, signInElsewhere, TEST_PASSWORD, uniqueEmail } from '../support/users.ts';

// The form on its own: it stays on screen after a sign-up, so its green box can be seen.
function renderLoginForm() {
  const user = userEvent.setup();
  const supabase = createAppClient();
  renderApp(<LoginForm />, { supabase, path: '/login' });
  return { user, supabase };
}

describe('the login form', () => {
  it('asks for a required e-mail address and a required password', () => {
    renderLoginForm();
    const email = screen.getByPlaceholderText('Enter your email');
    const password = screen.getByPlaceholderText('Enter your password');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(email);
    expect(screen.getByLabelText('Password')).toBe(password);
  });

  it('switches between signing in and creating an account', async () => {
    const { user } = renderLoginForm();
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(screen.getByText(wholeText("Don't have an account? Sign up"))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.getByText(wholeText('Already have an account? Sign in'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('offers Google under "Or continue with"; when it is off, the red box gives the server\'s reason', async () => {
    const { user } = renderLoginForm();
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    // The test server has no GOOGLE_CLIENT_ID: /authorize refuses, and its words are shown.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unsupported provider: Google sign-in is not enabled on this server',
    );
  });

  it('clears the red box when the mode is switched', async () => {
    const { user } = renderLoginForm();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates an account, says so in the green box, and clears it when the mode is switched', async () => {
    const { user } = renderLoginForm();
    const email = uniqueEmail('signup-form');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await user.type(screen.getByPlaceholderText('Enter your email'), email);
    await user.type(screen.getByPlaceholderText('Enter your password'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByText('Account created and logged in successfully!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Account created and logged in successfully!',
    );
    // The account is on the server: it signs in from elsewhere.
    await expect(signInElsewhere(email, TEST_PASSWORD)).resolves.toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      screen.queryByText('Account created and logged in successfully!'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
