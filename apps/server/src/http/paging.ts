/**
 * The `Link` header's value for the next page of a list (RFC 8288, PRODUCT §5): the list's own
 * path with `query` as given (the caller sets the next page or cursor in it), parameters without
 * a value left out. Relative to the host, so it stays right behind any proxy or public address;
 * the web app follows it as it is.
 *
 * `nextLink('/api/items', { search: 'brake pad', page: 2, limit: 6 })` is
 * `</api/items?search=brake%20pad&page=2&limit=6>; rel="next"`.
 */
export function nextLink(path: string, query: Record<string, string | number | undefined>): string {
  const parameters = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `<${path}${parameters ? `?${parameters}` : ''}>; rel="next"`;
}
