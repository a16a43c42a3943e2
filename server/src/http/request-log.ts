import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';

/**
 * Where the server's log lines go: stdout, each line written at once, as
 * Node itself writes to a pipe or a file on Linux. Fastify's default hands
 * every line to the thread pool, which cost each request a trip through it
 * on the event loop (docs/decisions/082).
 */
export const logDestination = () => pino.destination({ dest: 1, sync: true });

/**
 * One log line a request (docs/architecture.md 3), written when the response is done,
 * instead of Fastify's two. Only the path is logged: query strings may carry
 * tokens or e-mail addresses.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error || reply.statusCode >= 500) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}
