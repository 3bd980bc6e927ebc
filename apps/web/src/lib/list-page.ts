/**
 * One page of a list (PRODUCT §5), the one way every feature reads one: the rows, how many rows
 * match on every page (`X-Total-Count`) and where the next page starts (`Link: <…>; rel="next"`).
 *
 * Pages keep their place in the page's own address (`?cursor=`), so the next page's cursor is taken
 * out of the `Link` address rather than that address being fetched as it is: the request is then
 * made again from the address bar on a reload or a shared link, and gives the same page. Lists
 * paged by number (parts, reviews) are read the same way, their next `page` standing as the cursor.
 */
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@axle/contract/paging';
import { apiRequest, type OnDenied } from './api-client.ts';

export type ListPage<T> = {
  rows: T[];
  /** Rows that match on every page; null when the server did not say. */
  total: number | null;
  /** The `cursor` of the next page; null on the last page. */
  nextCursor: string | null;
};

/** The address of the link with relation `rel` in a `Link` header (RFC 8288), or null. */
export function linkWithRel(header: string | null, rel: string): string | null {
  if (!header) return null;
  // Each link is `<address>` followed by `; name=value` parameters; links are comma-separated,
  // and an address may itself hold commas, so the links are found by their angle brackets.
  for (const [, address, params] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    for (const param of (params ?? '').split(';')) {
      const match = /^\s*rel\s*=\s*(?:"([^"]*)"|([^\s",]+))/i.exec(param);
      const rels = (match?.[1] ?? match?.[2] ?? '').toLowerCase().split(/\s+/);
      if (rels.includes(rel.toLowerCase())) return address ?? null;
    }
  }
  return null;
}

/** How a list names where a page starts: an opaque `cursor`, or the page's number (`page`). */
export type PagedBy = 'cursor' | 'page';

/**
 * Where the next page starts (its `cursor`, or its `page` for a list paged by number), as the
 * `Link` header points to it, or null when there is none.
 */
export function nextCursorOf(header: string | null, pagedBy: PagedBy = 'cursor'): string | null {
  const next = linkWithRel(header, 'next');
  if (next === null) return null;
  return new URL(next, 'http://shop.invalid').searchParams.get(pagedBy);
}

/** The number in `X-Total-Count`, or null when it is missing or not a count. */
export function totalCountOf(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

type PageOptions = {
  query: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  onDenied?: OnDenied;
  /** Whether the list pages by cursor (the default) or by page number. */
  pagedBy?: PagedBy;
};

/** GETs one page of the list at `path`; `T` is one row's type from the contract. */
export async function fetchListPage<T>(path: string, options: PageOptions): Promise<ListPage<T>> {
  const { data, headers } = await apiRequest<T[]>(path, options);
  return {
    rows: data,
    total: totalCountOf(headers.get(TOTAL_COUNT_HEADER)),
    nextCursor: nextCursorOf(headers.get(LINK_HEADER), options.pagedBy),
  };
}
