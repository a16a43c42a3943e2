import { createHmac, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { openTab, pathOf, trackHeading, uniqueEmail, messageShown } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { useOidcProvider, type ProviderAccount } from '@energy-tracker/test-support/oidc-provider';

function googleAccount(label: string): ProviderAccount {
  return {
    sub: `google-${randomBytes(6).toString('hex')}`,
    email: uniqueEmail(label),
    email_verified: true,
    name: 'Grace Hopper',
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://example.test/grace.png',
  };
}

// The harness server signs with this secret, so the test can make the token a
// thief would hold: valid, but from a sign-in an hour ago.
const JWT_SECRET = randomBytes(32).toString('hex');

function signedWithOldSignIn(accessToken: string): string {
  const [header = '', payload = ''] = accessToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
  claims['amr'] = [{ method: 'oauth', timestamp: anHourAgo }];
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** Swaps the access token supabase-js keeps in the page's storage for an aged one. */
async function ageStoredSignIn(page: Page): Promise<void> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token')) ?? '';
    return { key, value: localStorage.getItem(key) ?? '' };
  });
  const session = JSON.parse(stored.value) as { access_token: string };
  session.access_token = signedWithOldSignIn(session.access_token);
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: stored.key,
    value: JSON.stringify(session),
  });
}

/** Every address the page's main frame was sent to from now on, each redirect included. */
function recordNavigations(page: Page): URL[] {
  const addresses: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      addresses.push(new URL(request.url()));
    }
  });
  return addresses;
}

describe.skipIf(skipBrowserTests)('Google sign-in through a local OpenID provider', () => {
  const google = useOidcProvider();
  // A server of its own: Google sign-in configured against this file's
  // OpenID provider.
  const app = useApp({
    env: (serverUrl) => ({
      GOOGLE_CLIENT_ID: 'energy-tracker-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-client-secret',
      GOOGLE_ISSUER: google.issuer,
      SITE_URL: serverUrl,
      JWT_SECRET,
    }),
  });

  it('deleting a Google account needs a Google sign-in from the last 5 minutes', async () => {
    const { page, errors } = await app.newUser();
    errors.allow(
      httpErrorLine(403, '/rest/v1/rpc/delete_my_account'),
      'the stale sign-in is refused, and the screen says what to do',
    );
    errors.allow(
      httpErrorLine(403, '/auth/v1/logout?scope=local'),
      'the account is gone with its sessions when the app signs out locally',
    );
    const account = googleAccount('delete-google');
    const email = account.email ?? '';
    google.signInAs(account);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await trackHeading(page).waitFor();
    // A thief's copy of the token: valid, but its sign-in an hour old.
    await ageStoredSignIn(page);
    await page.reload();
    await trackHeading(page).waitFor();

    const askToDelete = async () => {
      await openTab(page, 'Profile');
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByLabel(`Type your e-mail address (${email})`).fill(email);
      await page.getByRole('button', { name: 'Delete my account' }).click();
    };
    await askToDelete();
    await page.getByText('For your safety, deleting an account needs a sign-in').waitFor();
    await page.getByRole('button', { name: 'Sign in with Google again' }).click();
    await trackHeading(page).waitFor();
    await askToDelete();
    await page.getByText('Your account and all of its entries have been deleted.').waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it("'Continue with Google' goes through the provider and /auth/callback into Track, signed in", async () => {
    const { page } = await app.newUser();
    const account = googleAccount('google');
    google.signInAs(account);
    await page.goto('/login');
    const navigations = recordNavigations(page);

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await trackHeading(page).waitFor();
    expect(pathOf(page)).toBe('/');
    expect(new URL(page.url()).search).toBe('');
    // docs/product.md 7: /authorize with access_type=offline, out to the provider (which
    // is handed that parameter), back to our /callback, then /auth/callback
    // with the code that supabase-js exchanged.
    const [authorize, provider, callback, appCallback] = navigations;
    expect(authorize?.pathname).toBe('/auth/v1/authorize');
    expect(authorize?.searchParams.get('provider')).toBe('google');
    expect(authorize?.searchParams.get('access_type')).toBe('offline');
    expect(authorize?.searchParams.get('redirect_to')).toBe(`${app.url}/auth/callback`);
    expect(provider?.origin).toBe(new URL(google.issuer).origin);
    expect(provider?.searchParams.get('access_type')).toBe('offline');
    expect(callback?.pathname).toBe('/auth/v1/callback');
    expect(appCallback?.pathname).toBe('/auth/callback');
    expect(appCallback?.searchParams.has('code')).toBe(true);

    await openTab(page, 'Profile');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    // The name Google gave is the profile's until the person changes it.
    expect(await page.getByLabel('First Name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Last Name').inputValue()).toBe('Hopper');
    // The session is kept, as after a password sign-in.
    await page.reload();
    await trackHeading(page).waitFor();
  });

  it('a person who comes back with Google gets the same account again', async () => {
    const { page } = await app.newUser();
    const account = googleAccount('returning-google');
    google.signInAs(account);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await trackHeading(page).waitFor();
    await openTab(page, 'Profile');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await trackHeading(page).waitFor();
    await openTab(page, 'Profile');
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
  });

  it("the provider's refusal comes back to /login in the red box", async () => {
    const { page } = await app.newUser();
    google.signInAs(googleAccount('refused'));
    google.refuseNext('access_denied', 'The user cancelled the sign-in at Google');
    await page.goto('/login');

    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await messageShown(page, 'alert', 'The user cancelled the sign-in at Google');
    expect(pathOf(page)).toBe('/login');
    // Nobody is signed in: the app itself still sends the visitor to /login.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  });

  it('a forged return from the provider is refused, and /login says why', async () => {
    const { page } = await app.newUser();
    // A state the server never issued: the server sends the browser to the
    // site with the error, and the app carries it from / to /login.
    await page.goto(`/auth/v1/callback?code=forged&state=${crypto.randomUUID()}`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await page.getByRole('alert').filter({ hasText: 'OAuth state not found or expired' }).waitFor();
  });
});
