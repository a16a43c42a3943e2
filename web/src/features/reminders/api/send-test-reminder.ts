import type { AuthClient } from '../../../session/auth-client.ts';
import type { RuntimeConfig } from '../../../session/runtime-config.ts';

// 'Send a test reminder': our server's POST /reminders/v1/test, signed in as
// for the data API (the project key and the person's access token). It sends
// on every channel that is on in the saved settings, at once, and answers
// which; a refusal (no channel on, one test a minute) carries a message
// written for the person.

export class TestReminderError extends Error {}

const CHANNEL_WORDS: Record<string, string> = {
  email: 'by e-mail',
  push: 'as a notification',
};

/** 'A test reminder is on its way by e-mail.' */
export function testSentText(channels: readonly string[]): string {
  const how = channels.map((id) => CHANNEL_WORDS[id] ?? id).join(' and ');
  return `A test reminder is on its way ${how}.`;
}

export async function sendTestReminder(auth: AuthClient, config: RuntimeConfig): Promise<string[]> {
  const { data } = await auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new TestReminderError('Sign in to send a test reminder.');
  const response = await fetch(new URL('/reminders/v1/test', config.supabaseUrl), {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${token}` },
  });
  const body = (await response.json().catch(() => ({}))) as { sent?: unknown; message?: unknown };
  if (!response.ok) {
    throw new TestReminderError(
      typeof body.message === 'string' && body.message
        ? body.message
        : `The test reminder could not be sent (${response.status}).`,
    );
  }
  return Array.isArray(body.sent)
    ? body.sent.filter((c): c is string => typeof c === 'string')
    : [];
}
