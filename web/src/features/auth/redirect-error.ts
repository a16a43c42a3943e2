/**
 * The error an auth redirect carries (GoTrue puts error/error_description in
 * the query for PKCE and in the fragment for the implicit flow), if any.
 */
export function redirectError(location: { search: string; hash: string }): string | null {
  for (const params of [
    new URLSearchParams(location.search),
    new URLSearchParams(location.hash.replace(/^#/, '')),
  ]) {
    const description = params.get('error_description');
    const error = params.get('error');
    if (description || error) return description || error;
  }
  return null;
}
