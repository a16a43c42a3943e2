import type { SupabaseClient } from '@supabase/supabase-js';
import { uniqueEmail, type TestServer } from './test-server.ts';

export interface SignedInUser {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

const PASSWORD = 'signed-in-test-password';

/**
 * A new user signed up through our /auth/v1 with the unchanged supabase-js,
 * exactly as the web app does it; the returned client holds the session and
 * sends its access token on every data call.
 */
export async function signedInClient(server: TestServer, label = 'user'): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  if (!data.session || !data.user) throw new Error(`sign-up of ${email} gave no session`);
  return { client, userId: data.user.id, email, accessToken: data.session.access_token };
}
