import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, expect } from 'vitest';
import { openEmailLink, pkceClient, type Followed } from '../helpers/browser.ts';
import { linkIn, startMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { startTestServer, uniqueEmail, type TestServer } from '../helpers/test-server.ts';
import { PASSWORD } from './support.ts';

// Helpers for the e-mail flows: what an expired link looks like, and a user
// confirmed through the whole flow.

export interface MailedServer {
  server: TestServer;
  mailbox: Mailbox;
}

/**
 * Our server with e-mail confirmation on, mailing a real SMTP server on
 * loopback. No frequency limit, so that tests may resend at once; the limit
 * has its own tests.
 */
export async function startMailedServer(env: Record<string, string> = {}): Promise<MailedServer> {
  const mailbox = await startMailbox();
  const server = await startTestServer(
    { SMTP_URL: mailbox.url, SMTP_MAX_FREQUENCY_SECONDS: '0', ...env },
    { siteUrlIsSelf: true },
  );
  return { server, mailbox };
}

export async function stopMailedServer({ server, mailbox }: MailedServer): Promise<void> {
  await server.close();
  await mailbox.close();
}

/** The test file's mailed server: started now, stopped after the file's tests. */
export async function mailedServerForFile(env: Record<string, string> = {}): Promise<MailedServer> {
  const mailed = await startMailedServer(env);
  afterAll(() => stopMailedServer(mailed));
  return mailed;
}

export function expectOtpExpired(followed: Followed, redirectTo: string): void {
  expect(followed.status).toBe(303);
  const target = new URL(redirectTo);
  expect(followed.location.origin + followed.location.pathname).toBe(
    target.origin + target.pathname,
  );
  for (const params of [followed.query, followed.fragment]) {
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_code')).toBe('otp_expired');
    expect(params.get('error_description')).toBe('Email link is invalid or has expired');
  }
}

export interface ConfirmedUser {
  client: SupabaseClient;
  email: string;
  userId: string;
}

/** Signs up through supabase-js, follows the link that arrives, and exchanges its code. */
export async function confirmedUser(
  server: TestServer,
  mailbox: Mailbox,
  label = 'confirmed',
): Promise<ConfirmedUser> {
  const client = pkceClient(server);
  const email = uniqueEmail(label);
  const { error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { emailRedirectTo: `${server.url}/` },
  });
  expect(error).toBeNull();
  const followed = await openEmailLink(linkIn(await mailbox.next(email)));
  const code = followed.query.get('code');
  if (!code) throw new Error(`no code in ${followed.location.href}`);
  const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(code);
  expect(exchangeError).toBeNull();
  if (!data.user) throw new Error('no user after the code exchange');
  return { client, email, userId: data.user.id };
}
