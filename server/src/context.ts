import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { MailSetup } from './mail/mailer.ts';
import type { JwtKeys } from './jwt.ts';
import type { PushTransport } from './push/deliver.ts';

/** What every route module needs; built once per app. */
export interface AppContext {
  config: Config;
  db: Database;
  jwt: JwtKeys;
  anonKey: string;
  /** HMAC key for refresh tokens (auth/sessions/session-tokens.ts), derived from the JWT secret. */
  refreshTokenKey: Buffer;
  /** Present when SMTP_URL is set: sign-ups and e-mail changes then wait for a link. */
  mail: MailSetup | undefined;
  /** Present when the server has VAPID keys: reminders then go out by Web Push too (ADR 043). */
  push: PushTransport | undefined;
}
