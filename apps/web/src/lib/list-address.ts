/**
 * Where a paged list stands, kept in the page's address (PRODUCT §5): its filters, `page` (the
 * page's number, for "Showing 11–15 of 40") and `cursor` (where the server starts it). A reload
 * or a shared link shows the same rows, and Back goes to the previous view.
 *
 * Cursors only lead forwards, so Previous needs the cursors of the pages before this one: they
 * ride in the history entry's state (`trail`), which reloads and Back keep but a shared link does
 * not have; opened from a link, the way back is to the first page.
 *
 * A list paged by number (`pagedBy: 'page'`, e.g. the parts) keeps only `page` in the address, the
 * server's next page standing as the cursor: every page, and the one before, is known from it.
 */
import { LIST_PAGE_MAX } from '@axle/contract/paging';
import { useLocation, useSearchParams } from 'react-router';
import type { PagedBy } from './list-page.ts';

type Trail = { trail?: unknown };

function trailOf(state: unknown): string[] {
  const trail = (state as Trail | null)?.trail;
  return Array.isArray(trail) && trail.every((entry) => typeof entry === 'string') ? trail : [];
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export type ListAddress = {
  /** A filter's value from the address ('' when absent). */
  value: (name: string) => string;
  /** The `limit` the address asks for, if any (the server checks it). */
  limit: string | undefined;
  cursor: string | undefined;
  page: number;
  /** The number of this page's first row, counting from 1 across pages. */
  firstRow: number;
  /** Whether Previous knows the page before this one (false: it goes to the first page). */
  knowsPrevious: boolean;
  /** New filter values ('' removes one): the list starts again at its first page. */
  setFilters: (changes: Record<string, string>, options?: { replace?: boolean }) => void;
  next: (cursor: string) => void;
  previous: () => void;
};

type ListAddressOptions = {
  /** Whether the list pages by cursor (the default) or by page number. */
  pagedBy?: PagedBy;
  /** The rows of a page when the address asks for no `limit` (the caller asks for as many). */
  pageSize?: number;
};

export function useListAddress(options: ListAddressOptions = {}): ListAddress {
  const byNumber = options.pagedBy === 'page';
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const trail = trailOf(location.state);
  const cursor = byNumber ? undefined : params.get('cursor') || undefined;
  const page = cursor || byNumber ? pageFrom(params.get('page')) : 1;
  const limit = params.get('limit') || undefined;
  // Without a limit the server answers its largest page, unless the caller asks for fewer.
  const pageSize = Number(limit) > 0 ? Number(limit) : (options.pageSize ?? LIST_PAGE_MAX);

  function goTo(nextCursor: string | undefined, nextPage: number, nextTrail: string[]) {
    const updated = new URLSearchParams(params);
    if (byNumber) {
      if (nextPage > 1) updated.set('page', String(nextPage));
      else updated.delete('page');
    } else if (nextCursor) {
      updated.set('cursor', nextCursor);
      updated.set('page', String(nextPage));
    } else {
      updated.delete('cursor');
      updated.delete('page');
    }
    setParams(updated, { state: { trail: nextTrail } });
  }

  return {
    value: (name) => params.get(name) ?? '',
    limit,
    cursor,
    page,
    firstRow: (page - 1) * pageSize + 1,
    knowsPrevious: byNumber || trail.length === page - 1,
    setFilters(changes, options) {
      const updated = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value) updated.set(name, value);
        else updated.delete(name);
      }
      updated.delete('cursor');
      updated.delete('page');
      setParams(updated, { replace: options?.replace ?? false, state: { trail: [] } });
    },
    next(nextCursor) {
      if (byNumber) goTo(undefined, pageFrom(nextCursor), []);
      else goTo(nextCursor, page + 1, [...trail, cursor ?? '']);
    },
    previous() {
      if (byNumber) {
        goTo(undefined, page - 1, []);
        return;
      }
      const known = trail.length === page - 1;
      if (!known || trail.length === 0) {
        goTo(undefined, 1, []);
        return;
      }
      const before = trail[trail.length - 1] || undefined;
      goTo(before, page - 1, trail.slice(0, -1));
    },
  };
}
