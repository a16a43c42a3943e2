import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import * as auth from './auth/request/errors.ts';
import { loggableError } from './http/loggable-error.ts';
import * as data from './rest/errors.ts';

// Fastify's own failures (a body too large or unreadable, a content type no
// parser takes, a path that cannot be routed) happen around our handlers.
// This is the one place that turns them into each API's wire format: GoTrue's
// for /auth/v1, PostgREST's for /rest/v1.

interface FrameworkErrorFields {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Turns anything an auth handler or Fastify itself threw into an AuthApiError.
 * Errors caused by the request's shape stay 4xx; only our own bugs become a
 * 500, and those are logged (without the request body, which may hold a password).
 */
export function toAuthApiError(
  err: unknown,
  log: FastifyBaseLogger,
  bodyLimit: number,
): auth.AuthApiError {
  if (err instanceof auth.AuthApiError) return err;
  const { code, statusCode } = (
    typeof err === 'object' && err !== null ? err : {}
  ) as FrameworkErrorFields;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new auth.AuthApiError(
        413,
        'request_entity_too_large',
        `Request body too large (max ${bodyLimit} bytes)`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      // GoTrue reads every body as JSON whatever its type; a body we cannot
      // even read as text is, to a client, a body that is not JSON.
      return auth.badRequest(
        'bad_json',
        'Could not parse request body as JSON: unsupported content type',
      );
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return new auth.AuthApiError(statusCode, 'validation_failed', message);
  }
  // SQLSTATE class 22 (data exception): a value the database cannot take,
  // which only the request can have brought.
  if (typeof code === 'string' && code.startsWith('22')) {
    return auth.badRequest('validation_failed', 'The request holds a value that cannot be stored');
  }
  log.error({ err: loggableError(err) }, 'unexpected failure in auth API');
  return new auth.AuthApiError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}

/** Fastify's own failures (body parsing, size, content type) in PostgREST's wire format. */
export function dataFrameworkError(
  err: FastifyError,
  bodyLimit: number,
  contentType: string | undefined,
): data.DataApiError | undefined {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new data.DataApiError(413, 'PGRST102', 'Request body is too large', {
      details: `The body may be at most ${bodyLimit} bytes`,
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return data.invalidBody(`Content-Type not acceptable: ${contentType ?? ''}`);
  }
  if (err.code?.startsWith('FST_ERR_CTP')) return data.invalidBody(err.message);
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return new data.DataApiError(status, 'PGRST100', err.message);
  return undefined;
}

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
  if (url.startsWith('/rest/v1')) return data.sendError(reply, data.queryError(message));
  return reply.code(400).send({ message });
}
