import { afterAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

// Apart from test-server.ts, which the measurement scripts import outside vitest.

/** The test file's server: started now, closed after the file's tests. */
export async function serverForFile(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const server = await startTestServer(env, options);
  afterAll(() => server.close());
  return server;
}

/** The test file's own migrated database, with no server: made now, dropped after the file's tests. */
export async function databaseForFile(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  afterAll(() => database.drop());
  return database;
}
