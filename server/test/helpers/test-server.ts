import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { readConfig } from '../../src/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestServer {
  url: string;
  anonKey: string;
  app: FastifyInstance;
  database: TestDatabase;
  jwtSecret: string;
  /** A new supabase-js client, as a browser would make it (but keeping nothing on disk). */
  client(): SupabaseClient;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Our real server on a free loopback port over a fresh database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = readConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    // Tests make many calls from one address; the limits get their own tests.
    RATE_LIMIT_TOKEN_PER_5MIN: '100000',
    RATE_LIMIT_SIGNUP_PER_5MIN: '100000',
    ...env,
  });
  const app = await buildApp(config, { db: database.db, jwtSecret: TEST_JWT_SECRET });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const anonKey = (await (await fetch(`${address}/config.json`)).json()).supabaseAnonKey as string;
  return {
    url: address,
    anonKey,
    app,
    database,
    jwtSecret: TEST_JWT_SECRET,
    client: () =>
      createClient(address, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}
