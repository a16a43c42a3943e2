import type { FastifyBaseLogger } from 'fastify';
import { describeSendFailure, type MailSetup, type OutgoingMail } from '../../mail/mailer.ts';

// Messages that tell a person what just happened to their account (a new
// password, a new address). They go out after the change has been committed
// and never hold up or undo it: a mail server that is down must not stop a
// person from securing their account. They go only to the account's own
// address, so they are not counted against the mail cap, whose purpose is to
// stop mail to strangers.

export function sendNotice(mail: MailSetup, log: FastifyBaseLogger, notice: OutgoingMail): void {
  mail.mailer.send(notice).catch((err: unknown) => {
    log.error({ smtp: describeSendFailure(err), subject: notice.subject }, 'could not send notice');
  });
}
