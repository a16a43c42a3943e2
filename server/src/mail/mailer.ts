import type { MailConfig } from '../config.ts';

// Outgoing mail over SMTP_URL (smtp:// with STARTTLS when offered, or
// smtps://). One connection per message: confirmation mail is rare, and
// nothing is left open between requests.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, e.g. List-Unsubscribe on a reminder (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

// nodemailer's defaults wait minutes for a silent server; a sign-up should
// fail within seconds instead. Query parameters in SMTP_URL still override these.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer is loaded only when mail is configured: by default nothing is sent. */
export async function createMailer(config: MailConfig): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ url: config.smtpUrl, ...TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
    close() {
      transport.close();
    },
  };
}

// Failures before any recipient is named: their messages describe our
// server (host, port, TLS), not a person.
const CONNECTION_FAILURES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ETLS', 'EDNS']);

/**
 * What may be logged of a failed send: never the message, whose link signs
 * someone in, nor the server's reply to a recipient, which names the address.
 */
export function describeSendFailure(err: unknown): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { error: typeof err };
  const { code, command, responseCode, message } = err as Record<string, unknown>;
  const described: Record<string, unknown> = { code, command, responseCode };
  if (typeof code === 'string' && CONNECTION_FAILURES.has(code)) described['message'] = message;
  return described;
}

export interface MailSetup {
  config: MailConfig;
  mailer: Mailer;
}

/** The server's one mailer, made once when mail is configured; undefined otherwise. */
export async function openMail(config: MailConfig | undefined): Promise<MailSetup | undefined> {
  return config ? { config, mailer: await createMailer(config) } : undefined;
}
