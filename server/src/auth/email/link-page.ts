import { serverPageHtml } from '../../http/server-page.ts';
import type { LinkType } from './link-tokens.ts';

// What a browser sees when it opens a link from one of our e-mails: a page
// that asks for one click before the link is used. Mail scanners and link
// previews fetch every link with GET; if GET used the link, they would spend
// it (the person's own click then fails) or even receive the session. A
// scanner does not submit forms, so only the POST of this page uses the link.

const HEADINGS: Record<LinkType, string> = {
  signup: 'Confirm your e-mail address',
  recovery: 'Reset your password',
  email_change: 'Confirm your new e-mail address',
};

/** The page for a link of this type; its form posts back to the very URL it was opened at. */
export function linkPageHtml(type: LinkType | undefined): string {
  const heading = type ? HEADINGS[type] : 'Continue to Energy Tracker';
  // No interpolated input: the empty form action keeps the link's own query.
  return serverPageHtml(
    heading,
    `<p>To finish, press Continue.</p>
<form method="post" action="">
<button type="submit" autofocus>Continue</button>
</form>`,
  );
}

/**
 * Nothing on the page loads anything; the form may post only here, and the
 * answer may go on only to where the link returns (already allow-listed).
 */
export function linkPageSecurityPolicy(redirectTo: string): string {
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${new URL(redirectTo).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}
