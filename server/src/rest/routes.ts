import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyOf } from '../http/api-key.ts';
import { loggableError } from '../http/loggable-error.ts';
import type { AppContext } from '../context.ts';
import { dataFrameworkError } from './framework-errors.ts';
import { DataApiError, internalError, sendError, toApiError, unsupportedMethod } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import {
  handleDelete,
  handleInsert,
  handleRead,
  handleUpdate,
  type DataMethod,
  type DataRequest,
  type DataResponse,
} from './handlers.ts';
import { parseQuery } from './parse-query.ts';
import { authenticateDataRequest, type RequestAuth } from './request-auth.ts';
import { checkProfile } from './request-headers.ts';
import { handleRpc } from './rpc-handler.ts';
import { createFairShare, shareKey } from './fair-share.ts';
import { createSchemaCacheLoader, findRelation } from './schema-cache.ts';

// OPTIONS is left to the CORS plugin, which answers preflights for the whole app.
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT'];

const HANDLERS: Record<DataMethod, (req: DataRequest) => Promise<DataResponse>> = {
  GET: handleRead,
  HEAD: handleRead,
  POST: handleInsert,
  PATCH: handleUpdate,
  DELETE: handleDelete,
};

function invalidPath(): DataApiError {
  return new DataApiError(404, DataErrorCode.invalidPath, 'Invalid path specified in request URL');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalidPath();
  }
}

type Target = { kind: 'relation'; name: string } | { kind: 'function'; name: string };

/** What a path under /rest/v1 names: the root, a function, or a relation. */
function resolvePath(path: string, method: string): Target {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length === 0) {
    if (method !== 'GET' && method !== 'HEAD') throw unsupportedMethod(method);
    // PostgREST with its OpenAPI output switched off; the schema is not advertised.
    throw new DataApiError(404, DataErrorCode.rootDisabled, 'Root endpoint metadata is disabled');
  }
  if (segments[0] === 'rpc' && segments.length === 2) {
    return { kind: 'function', name: decodeSegment(segments[1]!) };
  }
  if (segments.length !== 1) throw invalidPath();
  return { kind: 'relation', name: decodeSegment(segments[0]!) };
}

/** The PostgREST-compatible subset under /rest/v1 (docs/architecture.md 6). */
export async function restRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schemaCache = createSchemaCacheLoader(ctx.db);
  const prefix = app.prefix;
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  const fairShare = createFairShare({
    slots: ctx.db.concurrency,
    perKey: ctx.config.requestLimits.inFlightPerUser,
    waitingPerKey: ctx.config.requestLimits.waitingPerUser,
    pauseAfterLongWork: ctx.db.runsOnEventLoop,
  });

  // The body is kept as text: payload.ts checks it and PostgreSQL reads the
  // original bytes, so no parser of ours reshapes numbers or keys on the way.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const fail = (request: FastifyRequest, reply: FastifyReply, err: unknown, authed: boolean) => {
    const known =
      toApiError(err, authed) ??
      (typeof (err as FastifyError | null)?.code === 'string'
        ? dataFrameworkError(err as FastifyError, bodyLimit, request.headers['content-type'])
        : undefined);
    if (!known)
      request.log.error({ err: loggableError(err) }, 'data API request failed unexpectedly');
    return sendError(reply, known ?? internalError());
  };

  app.setErrorHandler((err, request, reply) => fail(request, reply, err, false));
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      ROUTED_METHODS.includes(request.method) ? invalidPath() : unsupportedMethod(request.method),
    ),
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let auth: RequestAuth | undefined;
    try {
      const [pathPart = '', search = ''] = splitUrl(request.url);
      const target = resolvePath(pathPart.slice(prefix.length), request.method);
      if (request.method === 'PUT') throw unsupportedMethod('PUT');
      checkProfile(request.method, request.headers);
      auth = await authenticateDataRequest(request.headers, apiKeyOf(request), ctx.jwt);
      const caller = auth;
      // The turn ends at the commit: the next request's statements run while
      // this one's commit is synced, and share the sync (docs/decisions/030).
      const response = await fairShare.run(shareKey(caller.claims, request.ip), () =>
        ctx.db.deferDiskSync(() => respond(target, search, request, caller)),
      );
      await ctx.db.untilOnDisk();
      return reply.code(response.status).headers(response.headers).send(response.body);
    } catch (err) {
      return fail(request, reply, err, auth?.role === 'authenticated');
    }
  };

  const respond = async (
    target: Target,
    search: string,
    request: FastifyRequest,
    auth: RequestAuth,
  ): Promise<DataResponse> => {
    if (target.kind === 'function') {
      return handleRpc({
        method: request.method,
        name: target.name,
        search,
        headers: request.headers,
        body: request.body,
        auth,
        db: ctx.db,
        cache: await schemaCache(),
      });
    }
    const query = parseQuery(search);
    const relation = findRelation(await schemaCache(), target.name);
    const method = request.method as DataMethod;
    return HANDLERS[method]({
      method,
      relation,
      query,
      headers: request.headers,
      body: request.body,
      auth,
      db: ctx.db,
    });
  };
  app.route({ method: ROUTED_METHODS, url: '/', handler });
  app.route({ method: ROUTED_METHODS, url: '/*', handler });
}

function splitUrl(url: string): [string, string] {
  const mark = url.indexOf('?');
  return mark === -1 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}
