import { globToRegExp } from './url-glob.ts';

// The origins a browser may call the APIs from with credentials: the site's
// own and those of ADDITIONAL_REDIRECT_URLS (a separately hosted front end),
// the same list auth redirects trust. Any other page may not read our answers;
// reflecting every origin, as before, let any site drive a signed-in
// person's requests and read the replies (ADR 024).

export type OriginCheck = (origin: string, ownOrigin: string) => boolean;

export function allowedOrigins(
  siteUrl: string | undefined,
  additionalRedirectUrls: string[],
): OriginCheck {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  if (siteUrl) exact.add(new URL(siteUrl).origin);
  for (const url of additionalRedirectUrls) {
    // The scheme and host part of a URL or glob: everything before its path.
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0];
    if (!origin) continue;
    if (origin.includes('*')) patterns.push(globToRegExp(origin));
    else exact.add(origin.toLowerCase());
  }
  return (origin, ownOrigin) => {
    // Without SITE_URL the site is wherever the request reached us.
    if (!siteUrl && origin === ownOrigin) return true;
    return exact.has(origin.toLowerCase()) || patterns.some((pattern) => pattern.test(origin));
  };
}
