import { browseStrings as t } from '../browse-strings.ts';

type Props = { page: number; pages: number; onPage: (page: number) => void };

/** Page numbers to show: the first, the last and the two either side of the current one. */
function visiblePages(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = result.at(-1);
    if (typeof last === 'number' && p - last > 1) result.push('gap');
    result.push(p);
  }
  return result;
}

/** daisyUI join of page buttons; the current page carries aria-current. */
export function Pagination({ page, pages, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={t.pagination} className="flex justify-center">
      <div className="join">
        <button
          type="button"
          className="join-item btn"
          aria-label={t.previousPage}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <span aria-hidden="true">«</span>
        </button>
        {visiblePages(page, pages).map((p, index) =>
          p === 'gap' ? (
            <span
              key={`gap-${index}`}
              aria-hidden="true"
              className="join-item btn btn-disabled pointer-events-none"
            >
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`join-item btn ${p === page ? 'btn-primary' : ''}`}
              aria-label={t.page(p)}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          ),
        )}
        <button
          type="button"
          className="join-item btn"
          aria-label={t.nextPage}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <span aria-hidden="true">»</span>
        </button>
      </div>
    </nav>
  );
}
