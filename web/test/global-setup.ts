import type { TestProject } from 'vitest/node';
import { startTestServer } from '../../server/test/helpers/test-server.ts';
import './support/provided-context.ts';

/**
 * Our real server (Fastify over a fresh database: in-memory PGlite, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set), started once in this
 * process; test workers reach it over loopback like a browser would.
 */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide('supabaseUrl', server.url);
  project.provide('supabaseAnonKey', server.anonKey);
  return () => server.close();
}
