import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateAuthRequest } from '../auth/sessions/authenticate.ts';
import { AuthApiError } from '../auth/request/errors.ts';
import { requireSecondFactorIfEnrolled } from '../auth/sessions/assurance.ts';
import { describeSendFailure } from '../mail/mailer.ts';
import { sendReminderEmail, type EmailChannel } from './channels/email-channel.ts';
import {
  sendReminderPush,
  type PushChannel,
  type PushOutcome,
  type StoredSubscription,
} from './channels/push-channel.ts';
import { ReminderErrorCode } from './error-codes.ts';
import { ReminderApiError } from './errors.ts';
import { checkIn } from './kinds/check-in.ts';
import { recipientOf, type ReminderRecipient } from './reminder-store.ts';
import { claimTest, TESTS_PER_HOUR } from './test-limits.ts';

// POST /reminders/v1/test: "Send a test reminder" on the Reminders screen.
// Signed in as for the data API (the project key and the person's access
// token); sends the check-in reminder on every channel that is on in the
// person's saved settings, at once, by the same send path as the scheduled
// runs; at most one test a minute and TESTS_PER_HOUR an hour a person,
// whatever arrives (test-limits.ts). The body is not read. A device that
// kept failing and was dropped is named in the answer: `removed`, and a
// sentence in the message (docs/decisions/070).

export interface TestReminderDeps {
  ctx: AppContext;
  email: EmailChannel | undefined;
  push: PushChannel | undefined;
  requireApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

/** A person is waiting for the answer: each device gets one try, within this. */
const TEST_PUSH_TIMEOUT_MS = 10_000;

const notSignedIn = () =>
  new ReminderApiError(401, ReminderErrorCode.notSignedIn, 'Sign in to send a test reminder.');

async function signedInPerson(ctx: AppContext, request: FastifyRequest) {
  try {
    const { claims, user, sessionId } = await authenticateAuthRequest(ctx, request);
    if (claims['role'] !== 'authenticated') throw notSignedIn();
    return { userId: user.id, sessionId };
  } catch (err) {
    // Whatever is wrong with the token, the answer is: not signed in.
    if (err instanceof AuthApiError) throw notSignedIn();
    throw err;
  }
}

/** A password alone, with two-step sign-in on, sends nothing and reads no reminder settings. */
async function requireSecondFactor(ctx: AppContext, userId: string, sessionId?: string) {
  try {
    await requireSecondFactorIfEnrolled(ctx.db, userId, sessionId, '');
  } catch (err) {
    if (!(err instanceof AuthApiError)) throw err;
    throw new ReminderApiError(
      403,
      ReminderErrorCode.insufficientAal,
      'Use your authenticator app first, then send a test reminder.',
    );
  }
}

interface ChannelTry {
  id: 'email' | 'push';
  /** Said in a failure message: "could not be sent by e-mail". */
  label: string;
  send(): Promise<{ removed: number }>;
}

function channelsOn(deps: TestReminderDeps, recipient: ReminderRecipient): ChannelTry[] {
  const on: ChannelTry[] = [];
  const { email, push } = deps;
  if (email && recipient.emailOn && recipient.email !== '') {
    on.push({
      id: 'email',
      label: 'by e-mail',
      send: async () => {
        await sendReminderEmail(email, recipient, checkIn.words);
        return { removed: 0 };
      },
    });
  }
  if (push && recipient.pushOn && recipient.subscriptions.length > 0) {
    on.push({ id: 'push', label: 'as a notification', send: () => sendToDevices(push, recipient) });
  }
  return on;
}

/** The test's push: every device at once, one try each, within TEST_PUSH_TIMEOUT_MS. */
export async function sendTestToDevices(
  push: PushChannel,
  subscriptions: readonly StoredSubscription[],
): Promise<PushOutcome[]> {
  const budget = { untilMs: Date.now() + TEST_PUSH_TIMEOUT_MS, retryDelaysMs: [] };
  return Promise.all(
    subscriptions.map((s) =>
      sendReminderPush(push, s, checkIn.words, budget).then(
        (r) => r.outcome,
        (): PushOutcome => 'failed',
      ),
    ),
  );
}

/** Fails when no device took it. */
async function sendToDevices(push: PushChannel, recipient: ReminderRecipient) {
  const outcomes = await sendTestToDevices(push, recipient.subscriptions);
  const removed = outcomes.filter((o) => o === 'dropped').length;
  if (!outcomes.includes('sent')) {
    throw new PushNotDelivered(`no device took the notification (${outcomes.join(', ')})`, removed);
  }
  return { removed };
}

class PushNotDelivered extends Error {
  readonly removed: number;
  constructor(message: string, removed: number) {
    super(message);
    this.removed = removed;
  }
}

function removedSentence(removed: number): string {
  if (removed === 0) return '';
  return removed === 1
    ? ' A device that kept failing was removed; turn notifications on there again.'
    : ` ${removed} devices that kept failing were removed; turn notifications on there again.`;
}

function tooManyTests(hourly: boolean, wait: number): ReminderApiError {
  const message = hourly
    ? `You sent ${TESTS_PER_HOUR} test reminders this hour. Try again in ${Math.ceil(wait / 60)} minutes.`
    : `A test reminder was sent less than a minute ago. Try again in ${wait} seconds.`;
  return new ReminderApiError(429, ReminderErrorCode.tooManyTests, message, wait);
}

export async function testReminderRoute(app: FastifyInstance, deps: TestReminderDeps) {
  const { ctx } = deps;
  app.post('/test', { onRequest: deps.requireApiKey }, async (request, reply) => {
    const { userId, sessionId } = await signedInPerson(ctx, request);
    await requireSecondFactor(ctx, userId, sessionId);

    if (!deps.email && !deps.push) {
      throw new ReminderApiError(
        400,
        ReminderErrorCode.noChannelAvailable,
        'This server cannot send reminders: it has no e-mail or notifications set up.',
      );
    }
    const recipient = await recipientOf(ctx.db, userId);
    const on = channelsOn(deps, recipient);
    if (on.length === 0) {
      throw new ReminderApiError(
        400,
        ReminderErrorCode.noChannelOn,
        'No reminder channel is on. Turn one on and save your reminders, then send a test.',
      );
    }

    const claim = await claimTest(ctx.db, userId);
    if (!claim.taken) throw tooManyTests(claim.hourly, claim.waitSeconds);

    const results = await Promise.allSettled(on.map((channel) => channel.send()));
    let removed = 0;
    const sent: ChannelTry[] = [];
    const failed: ChannelTry[] = [];
    results.forEach((result, i) => {
      const channel = on[i]!;
      if (result.status === 'fulfilled') {
        removed += result.value.removed;
        sent.push(channel);
        return;
      }
      if (result.reason instanceof PushNotDelivered) removed += result.reason.removed;
      failed.push(channel);
      request.log.warn({ err: describeSendFailure(result.reason) }, 'a test reminder failed');
    });
    if (failed.length > 0) {
      // The test counts all the same (test-limits.ts): nothing is given back.
      const failedText = failed.map((c) => c.label).join(' or ');
      const sentText = sent.map((c) => c.label).join(' and ');
      throw new ReminderApiError(
        502,
        ReminderErrorCode.sendFailed,
        (sent.length === 0
          ? `The test reminder could not be sent ${failedText}. Try again later.`
          : `The test reminder was sent ${sentText} but could not be sent ${failedText}.`) +
          removedSentence(removed),
      );
    }
    // `removed` only when a device was dropped: the answer is otherwise as it always was.
    return reply
      .header('Cache-Control', 'no-store')
      .send({ sent: sent.map((c) => c.id), ...(removed > 0 ? { removed } : {}) });
  });
}
