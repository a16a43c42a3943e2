import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { createJwtKeys } from '../../src/jwt.ts';
import { uniqueEmail, type TestServer } from './test-server.ts';

export interface SignedInUser {
  client: SupabaseClient;
  userId: string;
  email: string;
  accessToken: string;
}

// TEMPORARY until the auth endpoints land: inserts a user row and mints an
// access token directly. To be replaced by a real supabase-js signUp.
export async function signedInClient(server: TestServer, label = 'user'): Promise<SignedInUser> {
  const email = uniqueEmail(label);
  const userId = randomUUID();
  await server.database.db.query(
    `INSERT INTO auth.users (id, email, email_confirmed_at) VALUES ($1, $2, now())`,
    [userId, email],
  );
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await createJwtKeys(server.jwtSecret).sign({
    iss: 'energy-tracker',
    sub: userId,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    iat: now,
    exp: now + 3600,
  });
  const client = createClient(server.url, server.anonKey, {
    accessToken: async () => accessToken,
  });
  return { client, userId, email, accessToken };
}
