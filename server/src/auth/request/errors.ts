import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { loggableError } from '../../http/loggable-error.ts';

// GoTrue's error wire format, written in one place so that every /auth/v1
// failure looks the same to supabase-js (packages/core/auth-js/src/lib/fetch.ts
// handleError): it reads `code` when the response carries the API version
// header, `error_code` otherwise, and `msg` before `message`.

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Only for weak_password: the reasons supabase-js exposes on AuthWeakPasswordError. */
  readonly weakPasswordReasons: string[] | undefined;

  constructor(status: number, code: string, message: string, weakPasswordReasons?: string[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.weakPasswordReasons = weakPasswordReasons;
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);

export const INVALID_LOGIN_MESSAGE = 'Invalid login credentials';

export interface ErrorBody {
  code: string;
  message: string;
  error_code: string;
  msg: string;
  weak_password?: { reasons: string[] };
}

export function errorBody(err: ApiError): ErrorBody {
  const body: ErrorBody = {
    code: err.code,
    message: err.message,
    error_code: err.code,
    msg: err.message,
  };
  if (err.weakPasswordReasons) body.weak_password = { reasons: err.weakPasswordReasons };
  return body;
}

export function sendError(reply: FastifyReply, err: ApiError): FastifyReply {
  // A refusal that ends at a known time says when (accounts/login-throttle.ts).
  const retryAfter = (err as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
  return reply
    .code(err.status)
    .header(API_VERSION_HEADER, API_VERSION)
    .header('x-sb-error-code', err.code)
    .header('Cache-Control', 'no-store')
    .send(errorBody(err));
}

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
}

/**
 * Turns anything a handler or Fastify itself threw into an ApiError. Errors
 * caused by the request's shape stay 4xx; only our own bugs become a 500, and
 * those are logged (without the request body, which may hold a password).
 */
export function toApiError(err: unknown, log: FastifyBaseLogger, bodyLimit: number): ApiError {
  if (err instanceof ApiError) return err;
  const { code, statusCode } = (
    typeof err === 'object' && err !== null ? err : {}
  ) as FrameworkError;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
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
    return new ApiError(statusCode, 'validation_failed', message);
  }
  // SQLSTATE class 22 (data exception): a value the database cannot take,
  // which only the request can have brought.
  if (typeof code === 'string' && code.startsWith('22')) {
    return badRequest('validation_failed', 'The request holds a value that cannot be stored');
  }
  log.error({ err: loggableError(err) }, 'unexpected failure in auth API');
  return new ApiError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );
}
