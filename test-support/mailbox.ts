import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { peerForFile } from './peer-for-file.ts';

// A real SMTP server on loopback (smtp-server) that keeps what it receives,
// parsed with postal-mime, so that tests read links out of the messages the
// way a person would: from the mail that arrived. The server's tests and the
// browser tests use this one mailbox.

export interface ReceivedMail {
  /** Envelope recipients, as the SMTP server saw them. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Header fields by lower-case name (the last one of a repeated name). */
  headers: Record<string, string>;
}

export interface Mailbox {
  /** For SMTP_URL. */
  url: string;
  /** Every message received so far, oldest first. */
  received: ReceivedMail[];
  /** The next message to this address not yet taken (waiting for it if need be). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** While set, the server refuses every message with a temporary failure (an outage). */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  let refusing = false;

  const server = new SMTPServer({
    // Plain SMTP on loopback, as a local relay would offer it.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (refusing) {
        const err = Object.assign(new Error('Service not available, try again later'), {
          responseCode: 421,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: email.from?.address ?? '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              headers: Object.fromEntries(email.headers.map((h) => [h.key, h.value])),
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const take = (to: string) => {
    const mail = received.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
    if (mail) taken.add(mail);
    return mail;
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = take(to);
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    refuse(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mailbox for a whole test file: started before its tests, closed after.
 * Register it before anything whose set-up names its `url` (a server's SMTP_URL).
 */
export function useMailbox(): Mailbox {
  return peerForFile('the mailbox', startMailbox, (mailbox) => mailbox.close());
}

/**
 * The first link in a message that leads to `pathPart`, read from its text
 * first, where a person would find it, then from its HTML.
 */
export function linkIn(mail: ReceivedMail, pathPart = '/auth/v1/verify'): string {
  for (const match of `${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const link = match[0].replace(/&amp;/g, '&');
    if (new URL(link).pathname.includes(pathPart)) return link;
  }
  throw new Error(`no link to ${pathPart} in the message "${mail.subject}":\n${mail.text}`);
}
