import { createHmac } from 'node:crypto';
import cors, { type FastifyCorsOptionsDelegatePromise } from '@fastify/cors';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import helmet from 'helmet';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/database.ts';
import { allowedOrigins } from './http/allowed-origins.ts';
import { apiKeyGuard } from './http/api-key.ts';
import { cutOffSlowBodies } from './http/body-timeout.ts';
import { logDestination, OneLinePerRequest } from './http/request-log.ts';
import { registerHealthRoutes } from './http/health.ts';
import { registerRuntimeConfigRoute } from './http/runtime-config.ts';
import { registerSpa } from './http/spa.ts';
import { createAnonKey, createJwtKeys } from './jwt.ts';
import { openMail } from './mail/mailer.ts';
import { pushTransport } from './push/push-config.ts';
import type { VapidKeys } from './push/vapid-keys.ts';
import { authRoutes } from './auth/routes.ts';
import { badRequest, sendError as sendAuthError } from './auth/request/errors.ts';
import { restRoutes } from './rest/routes.ts';
import { reminderChannelsOffered, reminderRoutes } from './reminders/routes.ts';
import { startReminders } from './reminders/start-reminders.ts';
import { unsubscribeKey } from './reminders/unsubscribe-token.ts';
import { queryError, sendError as sendDataError } from './rest/errors.ts';

export interface AppDeps {
  db: Database;
  jwtSecret: string;
  /** The VAPID pair kept in DATA_DIR when the environment has none (push/vapid-keys.ts). */
  vapid?: VapidKeys;
  /**
   * Send scheduled reminders from this process (the server does; tests that
   * look at the clock themselves do not): with the app's one mailer, stopped
   * when the app closes.
   */
  sendScheduledReminders?: boolean;
  /** Where log lines go: standard output, unless a test reads what the operator would. */
  logTo?: { write(line: string): void };
}

// Large enough for any journal entry, small enough that no body can tie up memory.
const BODY_LIMIT_BYTES = 1024 * 1024;

const SUPABASE_HEADERS = [
  'X-Supabase-Api-Version',
  'Content-Range',
  'Content-Location',
  'Range-Unit',
  'Preference-Applied',
  'Location',
  // The server's time, by which the web app corrects a device clock that is off
  // before it stamps an entry logged offline (docs/decisions/041).
  'Date',
];

/**
 * Fastify's router refuses a path that is not valid percent-encoding (or has
 * an over-long parameter) before any route, and so before either API's error
 * handler, runs. Only here, above both APIs, is it known which API the path
 * was meant for: the answer takes that API's wire format.
 */
function badUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const url = request.raw.url ?? '';
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The request path is not valid percent-encoding'
      : 'The request path cannot be routed';
  if (url.startsWith('/auth/v1')) {
    return sendAuthError(reply, badRequest('validation_failed', message));
  }
  if (url.startsWith('/rest/v1')) return sendDataError(reply, queryError(message));
  return reply.code(400).send({ message });
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const jwt = createJwtKeys(deps.jwtSecret);
  const ctx: AppContext = {
    config,
    db: deps.db,
    jwt,
    anonKey: await createAnonKey(jwt),
    // A key of its own, so that no token type can stand in for another.
    refreshTokenKey: createHmac('sha256', deps.jwtSecret).update('refresh-token-key').digest(),
    // The server's one mailer: auth's links and notices and every reminder.
    mail: await openMail(config.mail),
    push: pushTransport(config, deps.vapid),
  };

  const limits = config.requestLimits;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // A body that trickles in, or a client that never finishes its request,
    // is cut off: Node's own check runs every few seconds, not every 30.
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    connectionTimeout: limits.idleConnectionTimeoutSeconds * 1000,
    http: { connectionsCheckingInterval: Math.min(5000, limits.requestTimeoutSeconds * 500) },
    // Believe exactly the configured number of hops (what a number means to proxy-addr).
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    logController: new OneLinePerRequest(),
    frameworkErrors: badUrl,
    logger: {
      level: config.logLevel,
      // Never log credentials: tokens travel in these headers.
      redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
      stream: deps.logTo ?? logDestination(),
    },
  });

  cutOffSlowBodies(app, limits.requestTimeoutSeconds * 1000);

  // Helmet's headers on every response, built once: @fastify/helmet built
  // them (and parsed the CSP) anew for every request, about 3% of the
  // server's CPU per save (docs/decisions/049).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Self-hosters may serve plain http on a LAN; do not force https.
        upgradeInsecureRequests: null,
        // The SPA may talk to a hosted Supabase project (VITE_SUPABASE_URL).
        connectSrc: ["'self'", 'https:'],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  const isAllowedOrigin = allowedOrigins(config.siteUrl, config.additionalRedirectUrls);
  // The delegator sees the request, for the site's origin when SITE_URL is unset.
  const corsFor: FastifyCorsOptionsDelegatePromise = async (request) => {
    const origin = request.headers.origin;
    return {
      origin:
        origin !== undefined && isAllowedOrigin(origin, `${request.protocol}://${request.host}`),
      credentials: true,
      // The default list lacks PUT/PATCH/DELETE, which PUT /user and the data API need.
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposedHeaders: SUPABASE_HEADERS,
      maxAge: 86400,
    };
  };
  await app.register(cors, { delegator: corsFor });

  const reminders = deps.sendScheduledReminders
    ? startReminders({
        db: ctx.db,
        mail: ctx.mail,
        push: ctx.push,
        unsubscribeKey: unsubscribeKey(deps.jwtSecret),
        log: app.log,
      })
    : undefined;
  app.addHook('onClose', async () => {
    // A run in progress finishes its sends before the mailer closes.
    await reminders?.stop();
    ctx.mail?.mailer.close();
  });

  registerHealthRoutes(app, ctx);
  registerRuntimeConfigRoute(app, ctx, reminderChannelsOffered(ctx));

  const requireApiKey = apiKeyGuard(ctx);
  await app.register(
    async (auth) => {
      await authRoutes(auth, ctx, requireApiKey);
    },
    { prefix: '/auth/v1' },
  );
  await app.register(
    async (rest) => {
      rest.addHook('onRequest', requireApiKey);
      await restRoutes(rest, ctx);
    },
    { prefix: '/rest/v1' },
  );

  await app.register(
    async (reminders) => {
      await reminderRoutes(reminders, { ctx, jwtSecret: deps.jwtSecret, requireApiKey });
    },
    { prefix: '/reminders/v1' },
  );

  await registerSpa(app, config.webDist);
  return app;
}
