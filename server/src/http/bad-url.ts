import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import * as auth from '../auth/request/errors.ts';
import * as rest from '../rest/errors.ts';

/**
 * Fastify's router refuses a path that is not valid percent-encoding (or has
 * an over-long parameter) before
 * any route (and its API's error handler) runs; answer in the wire format of
 * the API the path was meant for.
 */
export function badUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const url = request.raw.url ?? '';
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The request path is not valid percent-encoding'
      : 'The request path cannot be routed';
  if (url.startsWith('/auth/v1')) {
    return auth.sendError(reply, auth.badRequest('validation_failed', message));
  }
  if (url.startsWith('/rest/v1')) return rest.sendError(reply, rest.queryError(message));
  return reply.code(400).send({ message });
}
