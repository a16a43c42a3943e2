import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/escape-html.ts';

// The text of an e-mail reminder: one question and a link to Track, never
// anything from the journal (docs/decisions/036). The List-Unsubscribe fields let a
// mail client offer one-click unsubscribe (RFC 8058): it POSTs
// "List-Unsubscribe=One-Click" to the URL, which turns e-mail reminders off.

export const REMINDER_SUBJECT = 'How is your energy?';

export interface ReminderLinks {
  /** Where Track is: the site itself. */
  track: string;
  /** POST here (with the token in it) to turn e-mail reminders off. */
  unsubscribe: string;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  const url = new URL('/reminders/v1/unsubscribe', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export function reminderMail(to: string, links: ReminderLinks): OutgoingMail {
  const text = [
    REMINDER_SUBJECT,
    '',
    `Log it in Energy Tracker: ${links.track}`,
    '',
    `You get this because you turned on e-mail reminders. Stop them: ${links.unsubscribe}`,
  ].join('\n');
  const html = `<p>${REMINDER_SUBJECT}</p>
<p><a href="${escapeHtml(links.track)}">Log it in Energy Tracker</a></p>
<p>You get this because you turned on e-mail reminders. <a href="${escapeHtml(links.unsubscribe)}">Stop e-mail reminders</a></p>`;
  return {
    to,
    subject: REMINDER_SUBJECT,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
