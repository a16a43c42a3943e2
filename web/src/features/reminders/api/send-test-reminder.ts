import type { AuthClient } from '../../../session/auth-client.ts';
import type { RuntimeConfig } from '../../../session/runtime-config.ts';

// 'Send a test reminder': our server's POST /reminders/v1/test, signed in as
// for the data API (the project key and the person's access token). It sends
// on every channel that is on in the saved settings, at once, and answers
// which, and how many devices that kept failing it removed; a refusal (no
// channel on, one test a minute, ten an hour, nothing arrived) carries a
// message written for the person, which says so too.

export class TestReminderError extends Error {}

const CHANNEL_WORDS: Record<string, string> = {
  email: 'by e-mail',
  push: 'as a notification',
};

export interface TestReminderSent {
  channels: string[];
  /** Devices that kept failing, which the server removed. */
  removed: number;
}

/** 'A test reminder is on its way by e-mail.' */
export function testSentText({ channels, removed }: TestReminderSent): string {
  const how = channels.map((id) => CHANNEL_WORDS[id] ?? id).join(' and ');
  const dropped =
    removed === 0
      ? ''
      : removed === 1
        ? ' A device that kept failing was removed; turn notifications on there again.'
        : ` ${removed} devices that kept failing were removed; turn notifications on there again.`;
  return `A test reminder is on its way ${how}.${dropped}`;
}

export async function sendTestReminder(
  auth: AuthClient,
  config: RuntimeConfig,
): Promise<TestReminderSent> {
  const { data } = await auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new TestReminderError('Sign in to send a test reminder.');
  const response = await fetch(new URL('/reminders/v1/test', config.supabaseUrl), {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => ({}))) as {
    sent?: unknown;
    removed?: unknown;
    message?: unknown;
  };
  if (!response.ok) {
    throw new TestReminderError(
      typeof body.message === 'string' && body.message
        ? body.message
        : `The test reminder could not be sent (${response.status}).`,
    );
  }
  return {
    channels: Array.isArray(body.sent)
      ? body.sent.filter((c): c is string => typeof c === 'string')
      : [],
    removed: typeof body.removed === 'number' ? body.removed : 0,
  };
}
