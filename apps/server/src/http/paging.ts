import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@axle/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../domain/paging.ts';

type QueryValues = Record<string, string | number | undefined>;

/**
 * The `Link` header's value for the next page (RFC 8288): the same path and parameters, with
 * `changes` applied (a later page, a new cursor), relative to the shop's origin.
 */
export function nextLink(path: string, query: QueryValues): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, String(value));
  return `<${path}?${search}>; rel="next"`;
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
    reply.header(
      LINK_HEADER,
      nextLink(path, { ...(request.query as QueryValues), cursor: page.next }),
    );
  }
  return page.rows;
}
