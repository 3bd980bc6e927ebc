import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@axle/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../db/paging.ts';

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

/**
 * Sends one page of a keyset list: its rows as the JSON array the call always answered, the count
 * of every matching row in `X-Total-Count`, and while there is more, the next page's address in
 * `Link` (this request's parameters, with the next cursor).
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.next !== undefined) {
    const path = request.url.split('?', 1)[0] ?? request.url;
    const query = request.query as Record<string, string | number | undefined>;
    reply.header(LINK_HEADER, nextLink(path, { ...query, cursor: page.next }));
  }
  return page.rows;
}
