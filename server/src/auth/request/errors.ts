import type { FastifyReply } from 'fastify';
import type { AuthErrorCode } from './error-codes.ts';

// GoTrue's error wire format, written in one place so that every /auth/v1
// failure looks the same to supabase-js (packages/core/auth-js/src/lib/fetch.ts
// handleError): it reads `code` when the response carries the API version
// header, `error_code` otherwise, and `msg` before `message`.

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export class AuthApiError extends Error {
  readonly status: number;
  readonly code: AuthErrorCode;
  /** Only for weak_password: the reasons supabase-js exposes on AuthWeakPasswordError. */
  readonly weakPasswordReasons: string[] | undefined;

  constructor(
    status: number,
    code: AuthErrorCode,
    message: string,
    weakPasswordReasons?: string[],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.weakPasswordReasons = weakPasswordReasons;
  }
}

export const badRequest = (code: AuthErrorCode, message: string) =>
  new AuthApiError(400, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) =>
  new AuthApiError(422, code, message);
export const forbidden = (code: AuthErrorCode, message: string) =>
  new AuthApiError(403, code, message);

export const INVALID_LOGIN_MESSAGE = 'Invalid login credentials';

export interface ErrorBody {
  code: string;
  message: string;
  error_code: string;
  msg: string;
  weak_password?: { reasons: string[] };
}

export function errorBody(err: AuthApiError): ErrorBody {
  const body: ErrorBody = {
    code: err.code,
    message: err.message,
    error_code: err.code,
    msg: err.message,
  };
  if (err.weakPasswordReasons) body.weak_password = { reasons: err.weakPasswordReasons };
  return body;
}

export function sendError(reply: FastifyReply, err: AuthApiError): FastifyReply {
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
