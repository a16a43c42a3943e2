import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

const HEALTH_TIMEOUT_MS = 2000;

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        ctx.db.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database timeout')), HEALTH_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ok' };
    } catch (err) {
      request.log.warn({ err }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });
}
