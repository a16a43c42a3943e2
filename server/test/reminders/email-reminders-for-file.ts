import { afterAll, beforeAll } from 'vitest';
import { useMailbox, type Mailbox, type ReceivedMail } from '../../../test-support/mailbox.ts';
import { readConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { createPgDatabase } from '../../src/db/pg-database.ts';
import { createMailer, type Mailer } from '../../src/mail/mailer.ts';
import type { ReminderKind } from '../../src/reminders/kinds/reminder-kind.ts';
import { runEmailReminders, type EmailRun } from '../../src/reminders/runs/email-run.ts';
import { RUN_LIMITS } from '../../src/reminders/runs/run-limits.ts';
import { unsubscribeKey } from '../../src/reminders/unsubscribe-token.ts';
import { startTestServer, TEST_JWT_SECRET, type TestServer } from '../helpers/test-server.ts';
import { instantsThatSentMail, mailTo, type ReminderPerson } from './reminder-people.ts';

// The e-mail reminder tests' one set-up: a real local mailbox, our server
// with SITE_URL its own address (the unsubscribe links lead to it), and the
// e-mail run of a replica over its database, driven at instants a test gives.

export interface EmailReminders {
  readonly mailbox: Mailbox;
  readonly server: TestServer;
  readonly db: Database;
  /** The first replica's e-mail run, over the server's database. */
  readonly run: EmailRun;
  /** The scheduler's look at this instant, by the first replica unless told. */
  lookAt(iso: string, by?: EmailRun): ReturnType<typeof runEmailReminders>;
  /** Looks every `stepMinutes` from `from` to `to`, both included; answers the instants that sent this person mail. */
  lookEvery(
    stepMinutes: number,
    from: string,
    to: string,
    person: ReminderPerson,
  ): Promise<string[]>;
  /** The mail this person received so far. */
  mailTo(person: ReminderPerson): ReceivedMail[];
  /**
   * Two replicas, each with its own mailer, over one database: on PostgreSQL
   * the second has a connection of its own; the embedded database is one connection.
   */
  withTwoReplicas(use: (replicas: EmailRun[]) => Promise<void>): Promise<void>;
}

/** Started before the file's tests, closed after; `kinds` are the reminders the runs send. */
export function emailRemindersForFile(kinds: readonly ReminderKind[]): EmailReminders {
  const mailbox = useMailbox();
  const mailers: Mailer[] = [];
  let server: TestServer | undefined;
  let run: EmailRun | undefined;

  /** What each replica's e-mail run has: the database, its own mailer, the key from the shared secret. */
  async function runOn(on: TestServer, database: Database): Promise<EmailRun> {
    const mail = readConfig({ SMTP_URL: mailbox.url, SITE_URL: on.url }).mail;
    if (!mail) throw new Error('mail is not configured');
    const mailer = await createMailer(mail);
    mailers.push(mailer);
    return {
      db: database,
      channel: { mail: { config: mail, mailer }, unsubscribeKey: unsubscribeKey(TEST_JWT_SECRET) },
      kinds,
      limits: RUN_LIMITS,
      log: on.app.log,
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ SMTP_URL: mailbox.url }, { siteUrlIsSelf: true });
    run = await runOn(server, server.database.db);
  });
  afterAll(async () => {
    for (const mailer of mailers) mailer.close();
    await server?.close();
  });

  const started = () => {
    if (!server || !run) throw new Error('the e-mail reminders are not set up yet');
    return { server, run };
  };
  const lookAt = (iso: string, by: EmailRun = started().run) =>
    runEmailReminders(by, new Date(iso));

  return {
    mailbox,
    get server() {
      return started().server;
    },
    get db() {
      return started().server.database.db;
    },
    get run() {
      return started().run;
    },
    lookAt,
    lookEvery: (stepMinutes, from, to, person) =>
      instantsThatSentMail((iso) => lookAt(iso), mailbox.received, person, {
        stepMinutes,
        from,
        to,
      }),
    mailTo: (person) => mailTo(mailbox.received, person),
    async withTwoReplicas(use) {
      const { server: on, run: first } = started();
      const db = on.database.db;
      const otherDb = on.database.url ? createPgDatabase(on.database.url) : db;
      try {
        await use([first, await runOn(on, otherDb)]);
      } finally {
        if (otherDb !== db) await otherDb.close();
      }
    },
  };
}

/** The one-click unsubscribe a mail client sends (RFC 8058) to a List-Unsubscribe address. */
export function unsubscribeOneClick(url: string | URL): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}
