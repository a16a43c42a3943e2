import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { onTestFinished } from 'vitest';
import { testRuntimeConfig } from './runtime-config.ts';

export const TEST_PASSWORD = 'correct-horse-battery';

export interface AppUser {
  /**
   * A supabase-js client set up as the app's auth client is, holding this
   * user's session: its `auth` serves as the app's auth client (renderApp),
   * the rest lets a test read and write data directly.
   */
  supabase: SupabaseClient;
  id: string;
  email: string;
  password: string;
}

/**
 * A random address: test files run in parallel workers, so a per-process
 * counter or a timestamp alone could repeat across them.
 */
export function uniqueEmail(label = 'web'): string {
  return `${label}-${crypto.randomUUID()}@example.test`;
}

/**
 * A client whose `auth` is set up as main.tsx sets up the app's auth client
 * (same options, same storage key), torn down when the test ends (as a closed
 * tab would be).
 */
export function createAppClient(): SupabaseClient {
  const { supabaseUrl, supabaseAnonKey } = testRuntimeConfig();
  const supabase = createClient(supabaseUrl, supabaseAnonKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      experimental: { recoveryCodes: true },
    },
  });
  onTestFinished(() => supabase.auth.dispose());
  return supabase;
}

/**
 * A new account, signed up through the app's client before anything renders,
 * so the session is in storage when the AuthProvider reads it: the app then
 * starts as it would for a returning, signed-in user.
 */
export async function signUpAppUser(label?: string): Promise<AppUser> {
  const supabase = createAppClient();
  const email = uniqueEmail(label);
  const { data, error } = await supabase.auth.signUp({ email, password: TEST_PASSWORD });
  if (error) throw error;
  if (!data.session || !data.user) throw new Error(`sign-up of ${email} gave no session`);
  return { supabase, id: data.user.id, email, password: TEST_PASSWORD };
}

/**
 * A client signed in on "another device": it shares nothing with the app's
 * client, so what it reads is what the server holds.
 */
export async function signInElsewhere(email: string, password: string): Promise<SupabaseClient> {
  const client = otherDeviceClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/** An account that exists on the server, made without touching the app's client. */
export async function createAccountElsewhere(label?: string) {
  const email = uniqueEmail(label);
  const { error } = await otherDeviceClient().auth.signUp({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return { email, password: TEST_PASSWORD };
}

/** A client that shares nothing with the app's, as on another device; not signed in. */
export function otherDeviceClient(): SupabaseClient {
  const { supabaseUrl, supabaseAnonKey } = testRuntimeConfig();
  const client = createClient(supabaseUrl, supabaseAnonKey, {
    auth: {
      // Its own key: it must neither read nor overwrite the app's stored session.
      storageKey: `other-device-${crypto.randomUUID()}`,
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
  onTestFinished(() => client.auth.dispose());
  return client;
}
