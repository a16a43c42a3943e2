import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * The GoTrue-compatible subset under /auth/v1. `requireApiKey` guards every
 * route except the browser redirects (/authorize, /callback, /verify), which
 * hosted Supabase leaves open too.
 */
export async function authRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requireApiKey: onRequestHookHandler,
): Promise<void> {
  void ctx;
  void requireApiKey;
  void app;
}
