// Where a reminder may send someone: only a page of this site. A string test
// ("starts with / but not //") let `/\evil.example` through, which a URL
// parser reads as `//evil.example`, another site; so the URL is parsed as
// the browser will parse it and its origin compared.

/** The path, query and fragment of `url` read against `origin`, or null when it leads elsewhere. */
export function sameOriginPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string') return null;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
