import { escapeHtml } from '../../mail/escape-html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { ReminderWords } from '../kinds/reminder-kind.ts';

// The text of an e-mail reminder: the kind's question, its line when it has
// one (the weekly review's top energizer, docs/decisions/073), and a link to
// the site; nothing else from the journal (docs/decisions/036). The
// List-Unsubscribe fields let a mail client offer one-click unsubscribe
// (RFC 8058): it POSTs "List-Unsubscribe=One-Click" to the URL, which turns
// e-mail reminders off.

export interface ReminderLinks {
  /** Where the link goes: the kind's page on the site. */
  open: string;
  /** POST here (with the token in it) to turn e-mail reminders off. */
  unsubscribe: string;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  const url = new URL('/reminders/v1/unsubscribe', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function reminderMail(to: string, words: ReminderWords, links: ReminderLinks): OutgoingMail {
  const text = [
    words.question,
    '',
    ...(words.line === undefined ? [] : [words.line, '']),
    `${words.linkText}: ${links.open}`,
    '',
    `You get this because you turned on e-mail reminders. Stop them: ${links.unsubscribe}`,
  ].join('\n');
  const line = words.line === undefined ? '' : `<p>${escapeHtml(words.line)}</p>\n`;
  const html = `<p>${escapeHtml(words.question)}</p>
${line}<p><a href="${escapeHtml(links.open)}">${escapeHtml(words.linkText)}</a></p>
<p>You get this because you turned on e-mail reminders. <a href="${escapeHtml(links.unsubscribe)}">Stop e-mail reminders</a></p>`;
  return {
    to,
    subject: words.question,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
