import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { waitUntil } from './wait.ts';

export interface ReceivedMail {
  /** The envelope's recipients, as the server's SMTP client named them. */
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** For the server's SMTP_URL. */
  readonly smtpUrl: string;
  /** Every message received so far, oldest first. */
  readonly received: readonly ReceivedMail[];
  /** Waits for the next message to `address` after the `seen` ones already handled. */
  nextTo(address: string, seen?: number): Promise<ReceivedMail>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, for the whole
 * test file: plain SMTP without TLS or login, as a local relay would be.
 * Register it before useApp(), whose env can then name its URL.
 */
export function useMailbox(): Mailbox {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, session, callback) {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const email = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
        });
        callback();
      } catch (error) {
        callback(error instanceof Error ? error : new Error(String(error)));
      }
    },
  });
  let port: number | undefined;

  beforeAll(async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  return {
    get smtpUrl() {
      if (port === undefined) throw new Error('the SMTP server is not started yet');
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    async nextTo(address, seen = 0) {
      const wanted = address.toLowerCase();
      const find = () => received.filter((mail) => mail.to.includes(wanted))[seen];
      await waitUntil(async () => find() !== undefined, `e-mail number ${seen + 1} to ${address}`);
      return find() as ReceivedMail;
    },
  };
}

/** The first link in a message's text that leads to `pathPart` (e.g. /auth/v1/verify). */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  for (const match of `${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const link = match[0].replace(/&amp;/g, '&');
    if (new URL(link).pathname.includes(pathPart)) return link;
  }
  throw new Error(`no link to ${pathPart} in the e-mail "${mail.subject}":\n${mail.text}`);
}
