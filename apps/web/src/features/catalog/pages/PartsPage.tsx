import { lastReachablePage } from '@axle/contract/paging';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { PARTS_PAGE_SIZE, partsPageQuery } from '../api.ts';
import { Pagination } from '../components/Pagination.tsx';
import { PartGrid } from '../components/PartGrid.tsx';
import { catalogStrings as t } from '../strings.ts';

const SEARCH_DEBOUNCE_MS = 300;

/** The query string with a new search: back to the first page of its results. */
function withSearch(current: URLSearchParams, search: string): URLSearchParams {
  const updated = new URLSearchParams(current);
  if (search) updated.set('search', search);
  else updated.delete('search');
  updated.delete('page');
  return updated;
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /parts (PRODUCT §4 'All parts'): every part, searched by name or description and paged.
 * The search and the page live in the query string, so reload, back and shared links work.
 */
export default function PartsPage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageFrom(params.get('page'));

  // What is typed; it reaches the URL (and the query) after a pause in typing.
  const [draft, setDraft] = useState(search);
  // When the URL's search changes from outside (back, forward, a link), show it in the box.
  const [urlSearch, setUrlSearch] = useState(search);
  if (search !== urlSearch) {
    setUrlSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  // A new search is a history entry; refining or clearing it replaces that entry.
  const replace = search !== '';
  useEffect(() => {
    const next = draft.trim();
    if (next === search) return;
    const timer = window.setTimeout(
      () => setParams((current) => withSearch(current, next), { replace }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, search, replace, setParams]);

  function applySearch(next: string) {
    if (next !== search) setParams((current) => withSearch(current, next), { replace });
  }

  const statusRef = useRef<HTMLOutputElement>(null);
  function goToPage(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });
    // Bring the reader (and keyboard focus) back to the top of the results.
    statusRef.current?.focus();
  }

  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    partsPageQuery({ search, page, limit: PARTS_PAGE_SIZE }),
  );
  // Beyond the pages the server reaches (PAGE_OFFSET_MAX parts deep), a search narrows the list.
  const reachable = Math.min(
    Math.ceil((data?.total ?? 0) / PARTS_PAGE_SIZE),
    lastReachablePage(PARTS_PAGE_SIZE),
  );
  const pages = Math.max(1, reachable);

  // A page past the end (an old link, fewer matches now): show the last page instead.
  useEffect(() => {
    if (!data || isPlaceholderData || page <= pages) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (pages > 1) updated.set('page', String(pages));
        else updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  }, [data, isPlaceholderData, page, pages, setParams]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applySearch(draft.trim());
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <title>{t.partsTitle}</title>
      <h1 className="text-3xl font-bold">{t.partsHeading}</h1>
      <p className="mt-2 text-base-content/90">{t.partsIntro}</p>

      <search className="mt-6 block max-w-xl">
        <form onSubmit={onSubmit}>
          <label htmlFor="parts-search" className="mb-1 block font-medium">
            {t.searchLabel}
          </label>
          <div className="flex gap-2">
            <input
              id="parts-search"
              type="search"
              className="input w-full"
              placeholder={t.searchPlaceholder}
              aria-describedby="parts-search-hint"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
            {draft !== '' && (
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  setDraft('');
                  applySearch('');
                }}
              >
                {t.clearSearch}
              </button>
            )}
          </div>
          <p id="parts-search-hint" className="mt-1 text-sm text-base-content/80">
            {t.searchHint}
          </p>
        </form>
      </search>

      <output ref={statusRef} tabIndex={-1} className="mt-6 mb-4 block min-h-6 font-medium">
        {data && !isError
          ? [
              search ? t.totalMatching(data.total, search) : t.total(data.total),
              pages > 1 ? t.pageOf(Math.min(page, pages), pages) : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : null}
      </output>

      {isPending ? (
        // As tall as a page of results, so the footer does not jump down when they arrive.
        <div className="flex min-h-screen justify-center py-16">
          <Spinner label={t.loadingParts} size="lg" />
        </div>
      ) : isError ? (
        <LoadFailed message={t.loadFailed} retryLabel={t.retry} onRetry={() => refetch()} />
      ) : data.parts.length === 0 ? (
        <p className="py-16 text-center text-lg">{search ? t.noMatch(search) : t.noParts}</p>
      ) : (
        <div
          aria-busy={isPlaceholderData}
          className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <PartGrid parts={data.parts} headingLevel={2} />
        </div>
      )}

      {data && !isError && (
        <div className="mt-10">
          <Pagination page={Math.min(page, pages)} pages={pages} onPage={goToPage} />
        </div>
      )}
    </div>
  );
}
