// Shared by auth redirects and CORS: both trust the same URL list
// (ADDITIONAL_REDIRECT_URLS), so both read its globs the same way.

/** `*` matches within one host label or path segment, `**` matches across them (GoTrue's globs). */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
        .join('[^./]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}
