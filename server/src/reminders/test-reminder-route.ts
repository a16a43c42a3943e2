import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateAuthRequest } from '../auth/sessions/authenticate.ts';
import { AuthApiError } from '../auth/request/errors.ts';
import { requireSecondFactorIfEnrolled } from '../auth/sessions/assurance.ts';
import { describeSendFailure } from '../mail/mailer.ts';
import type { ReminderChannel, ReminderRecipient } from './reminder-channels.ts';

// POST /reminders/v1/test: "Send a test reminder" on the Reminders screen.
// Signed in as for the data API (the project key and the person's access
// token); sends the reminder on every channel that is on in the person's
// saved settings, at once; at most one test a minute a person, counted in
// the database so that every replica agrees. The body is not read.

export interface TestReminderDeps {
  ctx: AppContext;
  channels: ReminderChannel[];
  requireApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const TEST_INTERVAL_SECONDS = 60;

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).header('Cache-Control', 'no-store').send({ code, message });
}

async function recipientOf(ctx: AppContext, userId: string): Promise<ReminderRecipient> {
  const { rows } = await ctx.db.query<{ email: string | null; email_on: boolean | null }>(
    `SELECT u.email, s.email AS email_on
     FROM auth.users u LEFT JOIN public.reminder_settings s ON s.user_id = u.id
     WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return { userId, email: row?.email ?? '', emailOn: row?.email_on === true };
}

/** Takes this minute's test for the person; undefined when one was sent less than a minute ago. */
async function claimTest(ctx: AppContext, userId: string): Promise<string | undefined> {
  const { rows } = await ctx.db.query<{ sent_at: string }>(
    `INSERT INTO journal_private.reminder_tests AS t (user_id, sent_at) VALUES ($1, now())
     ON CONFLICT (user_id) DO UPDATE SET sent_at = now()
       WHERE t.sent_at <= now() - make_interval(secs => $2)
     RETURNING sent_at::text`,
    [userId, TEST_INTERVAL_SECONDS],
  );
  return rows[0]?.sent_at;
}

async function secondsUntilNextTest(ctx: AppContext, userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ wait: number }>(
    `SELECT ceil(extract(epoch FROM sent_at + make_interval(secs => $2) - now()))::int AS wait
     FROM journal_private.reminder_tests WHERE user_id = $1`,
    [userId, TEST_INTERVAL_SECONDS],
  );
  return Math.min(TEST_INTERVAL_SECONDS, Math.max(1, rows[0]?.wait ?? 1));
}

async function secondFactorMet(
  ctx: AppContext,
  userId: string,
  sessionId: string | undefined,
): Promise<boolean> {
  try {
    await requireSecondFactorIfEnrolled(ctx.db, userId, sessionId, '');
    return true;
  } catch (err) {
    if (err instanceof AuthApiError) return false;
    throw err;
  }
}

export async function testReminderRoutes(app: FastifyInstance, deps: TestReminderDeps) {
  const { ctx, channels } = deps;
  // Any body of any type (within the app's body limit) is read and ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null));

  // Fastify's own refusals keep their 4xx; anything else (the database away)
  // is a 503 that says to try again, never a 500.
  app.setErrorHandler((err: { statusCode?: number; message?: string }, request, reply) => {
    const status = err.statusCode ?? 503;
    if (status >= 400 && status < 500) {
      return refuse(reply, status, 'bad_request', err.message ?? 'Bad request');
    }
    request.log.warn({ err }, 'sending a test reminder failed');
    return refuse(reply, 503, 'unavailable', 'The test reminder could not be sent. Try again.');
  });

  app.post('/test', { onRequest: deps.requireApiKey }, async (request, reply) => {
    let userId: string;
    let sessionId: string | undefined;
    try {
      const { claims, user, sessionId: session } = await authenticateAuthRequest(ctx, request);
      if (claims['role'] !== 'authenticated') {
        return refuse(reply, 401, 'not_signed_in', 'Sign in to send a test reminder.');
      }
      userId = user.id;
      sessionId = session;
    } catch (err) {
      if (!(err instanceof AuthApiError)) throw err;
      // Whatever is wrong with the token, the answer is: not signed in.
      return refuse(reply, 401, 'not_signed_in', 'Sign in to send a test reminder.');
    }

    // A password alone, with two-step sign-in on, sends nothing to the
    // person's devices and mailbox: it reads no reminder settings either.
    if (!(await secondFactorMet(ctx, userId, sessionId))) {
      return refuse(
        reply,
        403,
        'insufficient_aal',
        'Use your authenticator app first, then send a test reminder.',
      );
    }

    const recipient = await recipientOf(ctx, userId);
    const on: ReminderChannel[] = [];
    for (const channel of channels) if (await channel.isOn(recipient)) on.push(channel);
    if (channels.length === 0) {
      return refuse(
        reply,
        400,
        'no_channel_available',
        'This server cannot send reminders: it has no e-mail or notifications set up.',
      );
    }
    if (on.length === 0) {
      return refuse(
        reply,
        400,
        'no_channel_on',
        'No reminder channel is on. Turn one on and save your reminders, then send a test.',
      );
    }

    const claimed = await claimTest(ctx, userId);
    if (claimed === undefined) {
      const wait = await secondsUntilNextTest(ctx, userId);
      reply.header('Retry-After', String(wait));
      return refuse(
        reply,
        429,
        'too_many_tests',
        `A test reminder was sent less than a minute ago. Try again in ${wait} seconds.`,
      );
    }

    const results = await Promise.allSettled(on.map((channel) => channel.send(recipient)));
    const sent = on.filter((_, i) => results[i]?.status === 'fulfilled');
    const failed = on.filter((_, i) => results[i]?.status === 'rejected');
    results.forEach((result) => {
      if (result.status === 'rejected') {
        request.log.warn({ err: describeSendFailure(result.reason) }, 'a test reminder failed');
      }
    });
    if (failed.length > 0) {
      // Nothing arrived: the person may try again at once.
      if (sent.length === 0) {
        await ctx.db.query(
          `DELETE FROM journal_private.reminder_tests WHERE user_id = $1 AND sent_at = $2`,
          [userId, claimed],
        );
      }
      const failedText = failed.map((c) => c.label).join(' or ');
      const sentText = sent.map((c) => c.label).join(' and ');
      return refuse(
        reply,
        502,
        'send_failed',
        sent.length === 0
          ? `The test reminder could not be sent ${failedText}. Try again later.`
          : `The test reminder was sent ${sentText} but could not be sent ${failedText}.`,
      );
    }
    return reply.header('Cache-Control', 'no-store').send({ sent: sent.map((c) => c.id) });
  });
}
