import { useRef } from 'react';
import type { ListAddress } from '../../lib/list-address.ts';
import type { ListPage } from '../../lib/list-page.ts';
import { pagerText as t } from './pager-strings.ts';

type PagerProps = {
  /** Where the list stands (its address) and the page it shows. */
  address: ListAddress;
  list: ListPage<unknown>;
  /** While the next rows load: the buttons wait. */
  busy?: boolean;
};

/** Which rows of how many a list shows, with Previous and Next: the one pager of every list. */
export function Pager({ address, list, busy = false }: PagerProps) {
  const status = useRef<HTMLParagraphElement>(null);
  const { page, firstRow, knowsPrevious } = address;
  const shown = list.rows.length;
  const { nextCursor } = list;
  if (shown === 0 && page === 1) return null;
  return (
    <nav aria-label={t.label} className="flex flex-wrap items-center justify-between gap-3">
      {/* Takes the focus after a move: the button pressed may be disabled on the new page. */}
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className="text-sm text-base-content/80 focus:outline-none"
      >
        {t.showing(shown === 0 ? 0 : firstRow, firstRow + shown - 1, list.total)}
      </p>
      <div className="join">
        <button
          type="button"
          className="btn btn-outline join-item btn-sm"
          disabled={page === 1 || busy}
          onClick={() => {
            address.previous();
            status.current?.focus();
          }}
        >
          {page > 1 && !knowsPrevious ? t.first : t.previous}
        </button>
        <button
          type="button"
          className="btn btn-outline join-item btn-sm"
          disabled={nextCursor === null || busy}
          onClick={() => {
            if (nextCursor === null) return;
            address.next(nextCursor);
            status.current?.focus();
          }}
        >
          {t.next}
        </button>
      </div>
    </nav>
  );
}
