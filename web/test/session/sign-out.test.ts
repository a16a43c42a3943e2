import { createClient } from '@supabase/supabase-js';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { authStorageKey } from '../../src/session/auth-client.ts';
import { signOutOnDevice } from '../../src/session/sign-out.ts';
import { testRuntimeConfig } from '../support/runtime-config.ts';
import { signUpAppUser } from '../support/users.ts';

// docs/decisions/068: Log Out ends the session on the device whatever the
// network, and the server's session once the server can be told, against
// the real server.

afterEach(() => vi.unstubAllGlobals());

/** Whether the server still trades this refresh token for a session. */
async function refreshWorks(refreshToken: string): Promise<boolean> {
  const { supabaseUrl, supabaseAnonKey } = testRuntimeConfig();
  const client = createClient(supabaseUrl, supabaseAnonKey, { auth: { persistSession: false } });
  onTestFinished(() => client.auth.dispose());
  const { error } = await client.auth.refreshSession({ refresh_token: refreshToken });
  return error === null;
}

async function signedIn() {
  const user = await signUpAppUser('sign-out');
  const { data } = await user.supabase.auth.getSession();
  if (!data.session) throw new Error('no session after sign-up');
  return { auth: user.supabase.auth, session: data.session };
}

describe('sign-out on the device', () => {
  it('online, ends the session on the device and on the server', async () => {
    const { auth, session } = await signedIn();
    const { supabaseUrl } = testRuntimeConfig();

    expect(await signOutOnDevice(auth, supabaseUrl, session)).toBe('ended');
    expect(localStorage.getItem(authStorageKey(supabaseUrl))).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();
    expect(await refreshWorks(session.refresh_token)).toBe(false);
  });

  it('offline, ends it on the device at once, and on the server when the network returns', async () => {
    const { auth, session } = await signedIn();
    const { supabaseUrl } = testRuntimeConfig();
    const online = globalThis.fetch;
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    expect(await signOutOnDevice(auth, supabaseUrl, session)).toBe('when-online');
    expect(localStorage.getItem(authStorageKey(supabaseUrl))).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();

    vi.stubGlobal('fetch', online);
    expect(await refreshWorks(session.refresh_token)).toBe(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await refreshWorks(session.refresh_token)).toBe(false));
  });
});
