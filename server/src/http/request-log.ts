import type { FastifyInstance } from 'fastify';

/**
 * One log line a request (DESIGN.md 3), written when the response is done.
 * Only the path is logged: query strings may carry tokens or e-mail addresses.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ip: request.ip,
      },
      'request',
    );
  });
}
