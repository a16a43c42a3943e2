import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
