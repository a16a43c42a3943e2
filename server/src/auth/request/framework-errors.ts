import type { FastifyBaseLogger } from 'fastify';
import { DISK_FULL_MESSAGE, DISK_FULL_STATUS, isDiskFull } from '../../db/disk-full.ts';
import { loggableError } from '../../http/loggable-error.ts';
import { AuthApiError, badRequest } from './errors.ts';

// Fastify's own failures (a body too large or unreadable, a content type no
// parser takes) happen around our handlers; the auth API's error handler
// (routes.ts) turns them into GoTrue's wire format here, as rest/ does for
// PostgREST's. A path Fastify cannot route at all is app.ts's (badUrl).

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
): AuthApiError {
  if (err instanceof AuthApiError) return err;
  const { code, statusCode } = (
    typeof err === 'object' && err !== null ? err : {}
  ) as FrameworkErrorFields;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AuthApiError(
        413,
        'request_entity_too_large',
        `Request body too large (max ${bodyLimit} bytes)`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      // GoTrue reads every body as JSON whatever its type; a body we cannot
      // even read as text is, to a client, a body that is not JSON.
      return badRequest(
        'bad_json',
        'Could not parse request body as JSON: unsupported content type',
      );
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message = err instanceof Error ? err.message : 'Bad request';
    return new AuthApiError(statusCode, 'validation_failed', message);
  }
  // SQLSTATE class 22 (data exception): a value the database cannot take,
  // which only the request can have brought.
  if (typeof code === 'string' && code.startsWith('22')) {
    return badRequest('validation_failed', 'The request holds a value that cannot be stored');
  }
  if (isDiskFull(err)) {
    log.error({ err: loggableError(err) }, 'the database is out of disk space');
    return new AuthApiError(DISK_FULL_STATUS, 'insufficient_storage', DISK_FULL_MESSAGE);
  }
  log.error({ err: loggableError(err) }, 'unexpected failure in auth API');
  return new AuthApiError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}
