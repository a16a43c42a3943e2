import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { turnOffEmailReminders } from './reminder-store.ts';
import {
  UNSUBSCRIBE_PAGE_POLICY,
  unsubscribePageHtml,
  type UnsubscribePage,
} from './unsubscribe-page.ts';
import { personOfUnsubscribeToken } from './unsubscribe-token.ts';

// /reminders/v1/unsubscribe?token=…: the link in every e-mail reminder.
// GET shows a button and changes nothing; POST (the button, or a mail
// client's RFC 8058 one-click POST) turns the person's e-mail reminders off
// without signing in. A token our server did not make answers 400 and
// changes nothing. The body of the POST is not needed: the token is the proof.

export interface UnsubscribeDeps {
  db: Queryable;
  /** unsubscribeKey(jwtSecret). */
  key: Buffer;
}

function tokenOf(request: FastifyRequest): string {
  const { token } = request.query as Record<string, unknown>;
  return typeof token === 'string' ? token : '';
}

function page(reply: FastifyReply, status: number, which: UnsubscribePage): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', UNSUBSCRIBE_PAGE_POLICY)
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(unsubscribePageHtml(which));
}

export async function unsubscribeRoutes(app: FastifyInstance, deps: UnsubscribeDeps) {
  // Fastify's own refusals (a body too large) keep their 4xx; anything else
  // (the database away) is a page that says to try again, never a 500.
  app.setErrorHandler((err: { statusCode?: number }, _request, reply) => {
    const status = err.statusCode ?? 503;
    return status >= 400 && status < 500
      ? page(reply, status, 'invalid')
      : page(reply, 503, 'unavailable');
  });

  app.get('/unsubscribe', async (request, reply) => {
    const person = personOfUnsubscribeToken(deps.key, tokenOf(request));
    return person ? page(reply, 200, 'confirm') : page(reply, 400, 'invalid');
  });

  app.post('/unsubscribe', async (request, reply) => {
    const person = personOfUnsubscribeToken(deps.key, tokenOf(request));
    if (!person) return page(reply, 400, 'invalid');
    // As the owner: the person is not signed in; the token is their proof.
    await turnOffEmailReminders(deps.db, person);
    return page(reply, 200, 'done');
  });
}
