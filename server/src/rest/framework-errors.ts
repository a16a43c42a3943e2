import type { FastifyError } from 'fastify';
import { DataApiError, invalidBody } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';

// Fastify's own failures (a body too large or unreadable, a content type no
// parser takes) happen around our handlers; the data API's error handler
// (routes.ts) turns them into PostgREST's wire format here, as auth/ does for
// GoTrue's. A path Fastify cannot route at all is app.ts's (badUrl).

/** Fastify's own failures (body parsing, size, content type) in PostgREST's wire format. */
export function dataFrameworkError(
  err: FastifyError,
  bodyLimit: number,
  contentType: string | undefined,
): DataApiError | undefined {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new DataApiError(413, DataErrorCode.invalidBody, 'Request body is too large', {
      details: `The body may be at most ${bodyLimit} bytes`,
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return invalidBody(`Content-Type not acceptable: ${contentType ?? ''}`);
  }
  if (err.code?.startsWith('FST_ERR_CTP')) return invalidBody(err.message);
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new DataApiError(status, DataErrorCode.queryParse, err.message);
  return undefined;
}
