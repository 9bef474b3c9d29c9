/**
 * Paged lists answer one page in the body and the next page's address in a
 * `Link: <...>; rel="next"` header: the request's own path and query with the next cursor.
 */

/** The Link header value for the page after this one, or null on the last page. */
export function nextPageLink(
  requestUrl: string,
  next: Record<string, string | number> | null,
): string | null {
  if (next === null) return null;
  const url = new URL(requestUrl, 'http://placeholder');
  for (const [name, value] of Object.entries(next)) url.searchParams.set(name, String(value));
  return `<${url.pathname}${url.search}>; rel="next"`;
}
