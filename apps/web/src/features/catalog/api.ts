import type {
  CategoryList,
  Part,
  PartDetail,
  partList,
  SearchReply,
  SuggestReply,
} from '@axle/contract';
import { HOME_PARTS, TOTAL_COUNT_HEADER } from '@axle/contract/paging';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiRequest } from '../../lib/api-client.ts';
import { ITEMS_KEY } from './keys.ts';

/** Parts per page on /parts (three rows of three on a desktop). */
export const PARTS_PAGE_SIZE = 9;

/** SPEC §9: the home page's first 6 parts, and only those are asked for (PRODUCT §5). */
export const homePartsQuery = () =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'home'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof partList>>('/items', { query: { limit: HOME_PARTS }, signal }),
  });

export type PartsPageParams = { search: string; page: number; limit: number };
export type PartsPage = { parts: Part[]; total: number };

/** One page of the catalogue, optionally searched; `total` counts every match (X-Total-Count). */
export const partsPageQuery = (params: PartsPageParams) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, params],
    queryFn: async ({ signal }): Promise<PartsPage> => {
      const { data, headers } = await apiRequest<z.infer<typeof partList>>('/items', {
        query: { search: params.search, page: params.page, limit: params.limit },
        signal,
      });
      const header = headers.get(TOTAL_COUNT_HEADER);
      const total = header === null ? Number.NaN : Number(header);
      return { parts: data, total: Number.isInteger(total) && total >= 0 ? total : data.length };
    },
    // Keep the current page on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

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
