import { serverPageHtml } from '../http/server-page.ts';

// The pages of the unsubscribe link. GET only shows a button, because mail
// scanners and link previews fetch every link: the change is made by the
// POST, from this page's form or from the mail client's one-click
// unsubscribe (RFC 8058). No input is interpolated into any page.

export type UnsubscribePage = 'confirm' | 'done' | 'invalid' | 'unavailable';

const CONTENT: Record<UnsubscribePage, { heading: string; body: string }> = {
  confirm: {
    heading: 'Stop e-mail reminders?',
    body: `<p>Energy Tracker will no longer send you reminders by e-mail.</p>
<form method="post" action="">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" autofocus>Stop e-mail reminders</button>
</form>`,
  },
  done: {
    heading: 'E-mail reminders are off',
    body: '<p>You can turn them on again in Energy Tracker.</p>',
  },
  invalid: {
    heading: 'This link does not work',
    body: '<p>Open Energy Tracker to change your reminders.</p>',
  },
  unavailable: {
    heading: 'Please try again',
    body: '<p>Energy Tracker could not make the change just now. Nothing was changed.</p>',
  },
};

export function unsubscribePageHtml(page: UnsubscribePage): string {
  const { heading, body } = CONTENT[page];
  return serverPageHtml(heading, body);
}

/** Nothing on the page loads anything; its form may post only back here. */
export const UNSUBSCRIBE_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');
