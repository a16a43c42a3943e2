// The few pages the server writes itself, for links opened from an e-mail
// (confirming an address, one-click unsubscribe): one small self-contained
// page, no script and nothing loaded, in the app's light or dark colours.
// Callers pass fixed text only; nothing a request carries is put in a page.

/** A whole HTML page with this heading and this (trusted, fixed) body markup. */
export function serverPageHtml(heading: string, bodyHtml: string): string {
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
${bodyHtml}
</main>
</body>
</html>
`;
}
