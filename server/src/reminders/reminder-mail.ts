import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/escape-html.ts';

// The text of an e-mail reminder: one question and a link to Track, never
// anything from the journal (docs/decisions/036); the weekly review's asks
// for the review, names one activity and links there (docs/decisions/073). The List-Unsubscribe fields let a
// mail client offer one-click unsubscribe (RFC 8058): it POSTs
// "List-Unsubscribe=One-Click" to the URL, which turns e-mail reminders off.

export const REMINDER_SUBJECT = 'How is your energy?';

/** What a reminder says, where its link goes excepted. */
export interface ReminderWords {
  /** The subject and first line. */
  question: string;
  /** A sentence under the question. */
  line?: string;
  /** The link's words. */
  linkText: string;
}

const CHECK_IN: ReminderWords = {
  question: REMINDER_SUBJECT,
  linkText: 'Log it in Energy Tracker',
};

export interface ReminderLinks {
  /** Where the link goes: Track (the site itself), or the weekly review. */
  track: string;
  /** POST here (with the token in it) to turn e-mail reminders off. */
  unsubscribe: string;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  const url = new URL('/reminders/v1/unsubscribe', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function reminderMail(
  to: string,
  links: ReminderLinks,
  words: ReminderWords = CHECK_IN,
): OutgoingMail {
  const text = [
    words.question,
    '',
    ...(words.line === undefined ? [] : [words.line, '']),
    `${words.linkText}: ${links.track}`,
    '',
    `You get this because you turned on e-mail reminders. Stop them: ${links.unsubscribe}`,
  ].join('\n');
  const line = words.line === undefined ? '' : `<p>${escapeHtml(words.line)}</p>\n`;
  const html = `<p>${escapeHtml(words.question)}</p>
${line}<p><a href="${escapeHtml(links.track)}">${escapeHtml(words.linkText)}</a></p>
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
