import type { FastifyInstance, FastifyReply } from 'fastify';
import { ReminderErrorCode } from './error-codes.ts';

// The reminders API's one error shape, as the other two APIs have theirs
// (auth/request/errors.ts, rest/errors.ts): routes throw a ReminderApiError
// and the error handler answers it. Never a 500: Fastify's own refusals keep
// their 4xx, anything else (the database away) is a 503 that says to try again.

export class ReminderApiError extends Error {
  readonly status: number;
  readonly code: ReminderErrorCode;
  /** Seconds, for a Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(status: number, code: ReminderErrorCode, message: string, retryAfter?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export function sendReminderError(reply: FastifyReply, err: ReminderApiError): FastifyReply {
  if (err.retryAfter !== undefined) reply.header('Retry-After', String(err.retryAfter));
  return reply
    .code(err.status)
    .header('Cache-Control', 'no-store')
    .send({ code: err.code, message: err.message });
}

/** Installs the error handler on the reminders API's routes. */
export function answerReminderErrors(
  app: FastifyInstance,
  unavailable: { logged: string; message: string },
): void {
  app.setErrorHandler((err: { statusCode?: number; message?: string }, request, reply) => {
    if (err instanceof ReminderApiError) return sendReminderError(reply, err);
    const status = err.statusCode ?? 503;
    if (status >= 400 && status < 500) {
      return sendReminderError(
        reply,
        new ReminderApiError(status, ReminderErrorCode.badRequest, err.message ?? 'Bad request'),
      );
    }
    request.log.warn({ err }, unavailable.logged);
    return sendReminderError(
      reply,
      new ReminderApiError(503, ReminderErrorCode.unavailable, unavailable.message),
    );
  });
}
