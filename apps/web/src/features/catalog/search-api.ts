/**
 * The catalogue's search calls (issue 16): a part by its number, the search with facets,
 * suggestions while typing and the category tree. Apart from api.ts, whose call the home page
 * makes: the home page's JavaScript budget is 100 KB.
 */
import type { CategoryList, PartDetail, SearchReply, SuggestReply } from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { ITEMS_KEY } from './keys.ts';

/** Parts per page on /parts (three rows of three on a desktop). */
export const PARTS_PAGE_SIZE = 9;

/** A part's page (issue 16 #5): the part a number names, in any spelling, with all it fits. */
export const partByNumberQuery = (partNumber: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'number', partNumber],
    queryFn: ({ signal }) =>
      api<PartDetail>(`/parts/${encodeURIComponent(partNumber)}`, { signal }),
  });

/** What /parts, a category's page and a brand's page search by: all of it is in the address. */
export type SearchParams = {
  q: string;
  brand?: string | undefined;
  category?: string | undefined;
  vehicle?: string | undefined;
  inStock?: boolean | undefined;
  page: number;
  limit: number;
};

/** `GET /api/search`: a page of matches, their total and facets, and a spelling when none match. */
export const searchPartsQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'search', params],
    queryFn: ({ signal }) =>
      api<SearchReply>('/search', {
        query: {
          q: params.q || undefined,
          brand: params.brand,
          category: params.category,
          vehicle: params.vehicle,
          inStock: params.inStock ? 'true' : undefined,
          page: params.page > 1 ? params.page : undefined,
          limit: params.limit,
        },
        signal,
        bearer: false,
      }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/search/suggest`: a few parts, brands and categories for what is being typed. */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'suggest', q],
    queryFn: ({ signal }) =>
      api<SuggestReply>('/search/suggest', { query: { q }, signal, bearer: false }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The category tree changes with an admin's edit or an import: fresh for a few minutes. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'categories'],
    queryFn: ({ signal }) => api<CategoryList>('/categories', { signal, bearer: false }),
    staleTime: 5 * 60_000,
  });
