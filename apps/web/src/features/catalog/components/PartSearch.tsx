import { lastReachablePage } from '@axle/contract/paging';
import { VEHICLE_FILTER_MAX } from '@axle/contract/texts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useMyFleet } from '../../companies/index.ts';
import { useCurrentVehicle } from '../../garage/index.ts';
import { browseStrings as t } from '../browse-strings.ts';
import { PARTS_PAGE_SIZE, searchPartsQuery } from '../search-api.ts';
import { Facets } from './Facets.tsx';
import { Pagination } from './Pagination.tsx';
import { PartGrid } from './PartGrid.tsx';
import { VehicleBar } from './VehicleBar.tsx';

const SEARCH_DEBOUNCE_MS = 300;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The query string with `changes` made (an empty value removes its key), back to page 1. */
function withChanges(
  current: URLSearchParams,
  changes: Record<string, string | undefined>,
): URLSearchParams {
  const updated = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) updated.set(key, value);
    else updated.delete(key);
  }
  if (!('page' in changes)) updated.delete('page');
  return updated;
}

type Props = {
  /** A brand's page searches within the brand; a category's page within the category. */
  scope?: { brand?: string; category?: string };
  /** What to say when the scope holds no parts at all (no search, no filter). */
  emptyScope: string;
  /** The page's heading and introduction, above the search. */
  children: ReactNode;
};

/**
 * The catalogue's search page (issue 16 #5), for /parts, a category and a brand: a search box
 * (results update as you type), facets of brands and categories with counts, stock, the
 * customer's vehicle ("Fits your …" on every card while it filters), and pages. What is searched
 * and chosen lives in the query string, so reload, back and shared links work.
 */
export function PartSearch({ scope = {}, emptyScope, children }: Props) {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageFrom(params.get('page'));
  const brand = scope.brand ?? (params.get('brand') || undefined);
  const category = params.get('category') || scope.category;
  const inStock = params.get('inStock') === 'true';
  const current = useCurrentVehicle();
  const vehicle = current.vehicle;
  // "Fits my fleet" (issue 32 #5): the fleet's vehicles of the list, instead of the one current.
  const fleetVehicles = [
    ...new Set(useMyFleet().flatMap((member) => (member.vehicleId ? [member.vehicleId] : []))),
  ].slice(0, VEHICLE_FILTER_MAX);
  const fleet = params.get('fleet') === 'true' && fleetVehicles.length > 0;

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
      () => setParams((now) => withChanges(now, { search: next }), { replace }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, search, replace, setParams]);

  function change(changes: Record<string, string | undefined>) {
    setParams((now) => withChanges(now, changes));
  }

  const statusRef = useRef<HTMLOutputElement>(null);
  function goToPage(next: number) {
    change({ page: next > 1 ? String(next) : undefined });
    // Bring the reader (and keyboard focus) back to the top of the results.
    statusRef.current?.focus();
  }

  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery({
    ...searchPartsQuery({
      q: search,
      brand,
      category,
      vehicle: fleet ? fleetVehicles.join(',') : vehicle?.vehicleId,
      inStock,
      page,
      limit: PARTS_PAGE_SIZE,
    }),
    // Until the current vehicle is known, a search would be for the wrong parts.
    enabled: !current.loading,
  });
  // Beyond the pages the server reaches (PAGE_OFFSET_MAX parts deep), a search narrows the list.
  const reachable = Math.min(
    Math.ceil((data?.total ?? 0) / PARTS_PAGE_SIZE),
    lastReachablePage(PARTS_PAGE_SIZE),
  );
  const pages = Math.max(1, reachable);

  // A page past the end (an old link, fewer matches now): show the last page instead.
  useEffect(() => {
    if (!data || isPlaceholderData || page <= pages) return;
    setParams((now) => withChanges(now, { page: pages > 1 ? String(pages) : undefined }), {
      replace: true,
    });
  }, [data, isPlaceholderData, page, pages, setParams]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.trim();
    if (next !== search) setParams((now) => withChanges(now, { search: next }), { replace });
  }

  const filtered = Boolean(
    search || params.get('brand') || params.get('category') || inStock || vehicle,
  );
  const status =
    data && !isError
      ? [
          data.didYouMean
            ? t.didYouMean(search, data.didYouMean)
            : search
              ? t.totalMatching(data.total, search)
              : t.total(data.total),
          pages > 1 ? t.pageOf(Math.min(page, pages), pages) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
      <div>{children}</div>

      <search className="block max-w-xl">
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
                  if (search) setParams((now) => withChanges(now, { search: '' }), { replace });
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

      <VehicleBar current={current} />

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <div>
          {data ? (
            <Facets
              facets={data.facets}
              chosen={{ brand, category: params.get('category') || undefined, inStock }}
              showBrands={!scope.brand}
              onBrand={(next) => change({ brand: next })}
              onCategory={(next) => change({ category: next })}
              onInStock={(next) => change({ inStock: next ? 'true' : undefined })}
              onClear={() =>
                change({
                  brand: undefined,
                  category: undefined,
                  inStock: undefined,
                  fleet: undefined,
                })
              }
              fleet={
                fleetVehicles.length > 0
                  ? { on: fleet, onChange: (on) => change({ fleet: on ? 'true' : undefined }) }
                  : undefined
              }
            />
          ) : null}
        </div>
        <div className="min-w-0">
          <output ref={statusRef} tabIndex={-1} className="mb-4 block min-h-6 font-medium">
            {status}
          </output>

          {isPending ? (
            // As tall as a page of results, so the footer does not jump down when they arrive.
            <div className="flex min-h-screen justify-center py-16">
              <Spinner label={t.loadingParts} size="lg" />
            </div>
          ) : isError ? (
            <LoadFailed message={t.loadFailed} retryLabel={t.retry} onRetry={() => refetch()} />
          ) : data.items.length === 0 ? (
            <p className="py-16 text-center text-lg">
              {search
                ? t.noMatch(search)
                : vehicle
                  ? t.noMatchForVehicle(vehicle.name)
                  : filtered
                    ? t.noMatchFilters
                    : emptyScope}
            </p>
          ) : (
            <div
              aria-busy={isPlaceholderData}
              className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`}
            >
              <PartGrid
                parts={data.items}
                headingLevel={2}
                fits={vehicle?.name}
                replaces={new Map(data.replacements?.map((found) => [found._id, found.replaces]))}
              />
            </div>
          )}

          {data && !isError && (
            <div className="mt-10">
              <Pagination page={Math.min(page, pages)} pages={pages} onPage={goToPage} />
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
