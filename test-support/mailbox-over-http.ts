import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Mailbox, ReceivedMail } from './mailbox.ts';

// One mailbox for a whole test run, read from other processes: the run's
// global setup starts the mailbox and serves its `next` over loopback HTTP,
// and each test worker reads the mail of its own addresses through it. Every
// test signs up addresses of its own, so no test takes another's mail.

/** What a test does with a mailbox: take the next message to an address. */
export type MailReader = Pick<Mailbox, 'next'>;

export interface ServedMailbox {
  /** Where mailReaderAt reads it. */
  url: string;
  close(): Promise<void>;
}

/** Serves `GET /next?to=<address>&timeoutMs=<ms>`: the message as JSON, or 404 with why. */
export async function serveMailbox(mailbox: Mailbox): Promise<ServedMailbox> {
  const server = createServer((req, res) => {
    const asked = new URL(req.url ?? '/', 'http://mailbox');
    const to = asked.searchParams.get('to');
    if (req.method !== 'GET' || asked.pathname !== '/next' || !to) {
      res.writeHead(400).end('ask GET /next?to=<address>');
      return;
    }
    const timeoutMs = Number(asked.searchParams.get('timeoutMs') ?? 10_000);
    mailbox.next(to, timeoutMs).then(
      (mail) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mail)),
      (err: Error) => res.writeHead(404).end(err.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mailbox served at `url`, read from this process. */
export function mailReaderAt(url: () => string): MailReader {
  return {
    async next(to, timeoutMs = 10_000) {
      const query = new URLSearchParams({ to, timeoutMs: String(timeoutMs) });
      const res = await fetch(`${url()}/next?${query}`);
      if (!res.ok) throw new Error(await res.text());
      return (await res.json()) as ReceivedMail;
    },
  };
}
