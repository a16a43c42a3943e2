import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { answerReminderErrors } from './errors.ts';
import { testReminderRoute } from './test-reminder-route.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';
import { unsubscribeKey } from './unsubscribe-token.ts';

// /reminders/v1: the unsubscribe link's pages (reached from a mail client
// or a browser without signing in: no API key, answers are HTML pages) and
// "Send a test reminder" (signed in as for the data API, answers JSON in the
// one error shape of errors.ts).

export interface ReminderRoutesDeps {
  ctx: AppContext;
  jwtSecret: string;
  requireApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** For /config.json: which switches the Reminders screen may offer besides push. */
export function reminderChannelsOffered(ctx: AppContext): { email: boolean } {
  return { email: ctx.mail !== undefined };
}

/** Any body of any type (within the app's body limit) is read and ignored. */
function ignoreBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null));
}

export async function reminderRoutes(app: FastifyInstance, deps: ReminderRoutesDeps) {
  const { ctx } = deps;
  const key = unsubscribeKey(deps.jwtSecret);
  await app.register(async (pages) => {
    // Mail clients post a form; the page's button too.
    ignoreBodies(pages);
    await unsubscribeRoutes(pages, { db: ctx.db, key });
  });
  await app.register(async (api) => {
    ignoreBodies(api);
    answerReminderErrors(api, {
      logged: 'sending a test reminder failed',
      message: 'The test reminder could not be sent. Try again.',
    });
    await testReminderRoute(api, {
      ctx,
      email: ctx.mail ? { mail: ctx.mail, unsubscribeKey: key } : undefined,
      push: ctx.push ? { db: ctx.db, transport: ctx.push } : undefined,
      requireApiKey: deps.requireApiKey,
    });
  });
}
