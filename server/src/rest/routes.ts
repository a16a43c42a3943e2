import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

/** The PostgREST-compatible subset under /rest/v1. */
export async function restRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void ctx;
  void app;
}
