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
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${heading} · Energy Tracker</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid;
         place-items: center; background: #f6f7f9; color: #1d2330; }
  main { max-width: 24rem; padding: 2rem; text-align: center; }
  button { font: inherit; font-weight: 600; padding: 0.75rem 2rem; border: 0; border-radius: 0.5rem;
           background: #2f6fed; color: #fff; cursor: pointer; min-height: 44px; }
  button:focus-visible { outline: 3px solid #1d2330; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) { body { background: #14171f; color: #e8eaf0; } }
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
<p>To finish, press Continue.</p>
<form method="post" action="">
<button type="submit" autofocus>Continue</button>
</form>
</main>
</body>
</html>
`;
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
