import { createServer } from 'node:net';
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

export interface TestServerOptions {
  /**
   * Make SITE_URL this server's own address, as in a real deployment, for
   * tests that follow links the server builds from it (e-mail links). The
   * port is then picked before the server starts.
   */
  siteUrlIsSelf?: boolean;
  /** Receives the server's log lines (at the env's LOG_LEVEL, silent by default). */
  logTo?: { write(line: string): void };
}

/** Our real server on a free loopback port over a fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  let listening;
  try {
    listening = await listenWithConfig(database, env, options);
  } catch (err) {
    await database.drop();
    throw err;
  }
  const { app, address } = listening;
  const anonKey = (await (await fetch(`${address}/config.json`)).json()).supabaseAnonKey as string;
  return {
    url: address,
    anonKey,
    app,
    database,
    jwtSecret: TEST_JWT_SECRET,
    client: () => browserLikeClient(address, anonKey),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** A new supabase-js client of a server, as a browser would make it (but keeping nothing on disk). */
export function browserLikeClient(address: string, anonKey: string): SupabaseClient {
  return createClient(address, anonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      // auth.mfa.recoveryCodes is experimental in supabase-js and off unless asked for.
      experimental: { recoveryCodes: true },
    },
  });
}

/** A server of the test's own, for a test whose settings differ from the file's: closed when `use` ends. */
export async function withTestServer<T>(
  env: Record<string, string>,
  use: (server: TestServer) => Promise<T>,
  options: TestServerOptions = {},
): Promise<T> {
  const server = await startTestServer(env, options);
  try {
    return await use(server);
  } finally {
    await server.close();
  }
}

// Another process may take a picked port before we bind it; try a few.
const PORT_ATTEMPTS = 5;

async function listenWithConfig(
  database: TestDatabase,
  env: Record<string, string>,
  options: TestServerOptions,
): Promise<{ app: FastifyInstance; address: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = options.siteUrlIsSelf ? await freePort() : 0;
    const config = readConfig({
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      // Tests make many calls from one address; the limits get their own tests.
      RATE_LIMIT_TOKEN_PER_5MIN: '100000',
      RATE_LIMIT_SIGNUP_PER_5MIN: '100000',
      RATE_LIMIT_VERIFY_PER_5MIN: '100000',
      RATE_LIMIT_FACTOR_CHALLENGES_PER_5MIN: '100000',
      RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: '100000',
      RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: '100000',
      RATE_LIMIT_EMAIL_SENT_PER_HOUR: '100000',
      // Answers padded to an even time (ADR 026) would only slow the tests;
      // test/auth/no-enumeration.test.ts turns it on.
      EMAIL_ANSWER_MIN_MS: '0',
      ...(options.siteUrlIsSelf ? { SITE_URL: `http://127.0.0.1:${port}` } : {}),
      ...env,
    });
    const app = await buildApp(config, {
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      ...(options.logTo ? { logTo: options.logTo } : {}),
    });
    try {
      return { app, address: await app.listen({ port, host: '127.0.0.1' }) };
    } catch (err) {
      await app.close();
      const inUse = (err as { code?: unknown }).code === 'EADDRINUSE';
      if (!inUse || attempt >= PORT_ATTEMPTS) throw err;
    }
  }
}

/** A port free on the loopback interface at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}
