import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config.ts';
import { securityWarnings } from '../../src/startup-warnings.ts';
import { startMailbox, type Mailbox } from '@energy-tracker/test-support/mailbox';
import { startOidcProvider, type OidcProvider } from '@energy-tracker/test-support/oidc-provider';
import {
  startTestServer,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestServer,
} from '../helpers/test-server.ts';
import { confirmedUser } from './email-support.ts';
import { googleEnv, signInWithGoogle } from './google-support.ts';
import { PASSWORD } from './support.ts';

// With mail on, a password account's address is proven by its confirmation
// link, and a Google account with the same verified address joins it (ADR 012).

let provider: OidcProvider;
let mailbox: Mailbox;
let server: TestServer;
beforeAll(async () => {
  provider = await startOidcProvider();
  mailbox = await startMailbox();
  server = await startTestServer(
    { ...googleEnv(provider), SMTP_URL: mailbox.url, SMTP_MAX_FREQUENCY_SECONDS: '0' },
    { siteUrlIsSelf: true },
  );
});
afterAll(async () => {
  await server.close();
  await mailbox.close();
  await provider.stop();
});

describe('linking Google to a proven address', () => {
  it('links to an account whose address a link proved; the password still works', async () => {
    const { email, userId } = await confirmedUser(server, mailbox, 'proven');
    const { session } = await signInWithGoogle(server, provider, {
      sub: randomUUID(),
      email: email.toUpperCase(),
      email_verified: true,
      name: 'Grace Hopper',
    });
    expect(session.user.id).toBe(userId);
    expect(session.user.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    const password = await server.client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(password.data.user?.id).toBe(userId);
  });

  it('takes over an unconfirmed sign-up without its password, as before', async () => {
    const email = uniqueEmail('pending');
    await server.client().auth.signUp({ email, password: 'impostor secret' });
    const { session } = await signInWithGoogle(server, provider, {
      sub: randomUUID(),
      email,
      email_verified: true,
    });
    expect(session.user.identities?.map((i) => i.provider)).toEqual(['google']);
    const impostor = await server
      .client()
      .auth.signInWithPassword({ email, password: 'impostor secret' });
    expect(impostor.error?.code).toBe('invalid_credentials');
  });
});

describe('the start-up warning', () => {
  const base = { JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' };
  const google = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

  it('says clearly that Google without mail refuses unproven addresses', () => {
    const warnings = securityWarnings(readConfig({ ...base, ...google }));
    expect(warnings.join('\n')).toMatch(/Google sign-in is on but SMTP_URL is not set/);
  });

  it('says nothing about Google once mail proves addresses', () => {
    const config = readConfig({
      ...base,
      ...google,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SITE_URL: 'https://energy.example',
    });
    expect(securityWarnings(config)).toEqual([]);
  });
});
