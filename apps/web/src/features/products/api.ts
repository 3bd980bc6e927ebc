/** Calls of Add a Product (admins): the catalogue, adding and editing a part, uploading a picture. */
import type {
  FitmentGroups,
  insertedPartReply,
  Part,
  PartBody,
  PartDetail,
  part,
  uploadedImageReply,
} from '@axle/contract';
import { LIST_PAGE_MAX, TOTAL_COUNT_HEADER } from '@axle/contract/paging';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiRequest } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';
import { ITEMS_KEY } from '../catalog/index.ts';

/** Parts per page of the admin's table when the address asks for no `limit`. */
export const PARTS_TABLE_PAGE_SIZE = 20;

/**
 * The parameters of the table's call as the page's address gives them: text, checked by the
 * server (a bad `limit` or `page` in a hand-edited address is its clear 400, a failed load).
 */
export type PartsTableParams = { search?: string; page?: string; limit?: string };

/**
 * GET /items: one page of the catalogue for the admin's table, newest first or searched by words.
 * Under the catalogue's key, so that an add, an edit or an order reads it again.
 */
export const partsTablePageQuery = (params: PartsTableParams) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'table', params],
    queryFn: ({ signal }): Promise<ListPage<Part>> =>
      fetchListPage<Part>('/items', { query: params, signal, pagedBy: 'page' }),
    // The next page's rows arrive in place of the current ones, which stay until then.
    placeholderData: keepPreviousData,
    retry: false,
  });

/** A vehicle a part fits, as the form lists it: its id, its name, and the fitment's note. */
export type FittedRow = { vehicleId: string; name: string; note: string };

/** The rows of grouped fitment: "Toyota Corolla 2014–2022 1.8L 4-cyl" and the note. */
function fittedRows(groups: FitmentGroups): FittedRow[] {
  return groups.flatMap((group) =>
    group.models.flatMap((model) =>
      model.vehicles.map((vehicle) => ({
        vehicleId: vehicle.id,
        name: [
          group.make,
          model.model,
          vehicle.yearFrom === vehicle.yearTo
            ? vehicle.yearFrom
            : `${vehicle.yearFrom}–${vehicle.yearTo}`,
          vehicle.variant,
        ]
          .filter(Boolean)
          .join(' '),
        note: vehicle.note ?? '',
      })),
    ),
  );
}

/**
 * The part to edit with everything the catalogue knows of it (GET /item/{id}) and every vehicle
 * it fits (GET /item/{id}/fitment, a page of 100 at a time: at most 2,000, as a part may have).
 */
export const partForEditQuery = (id: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'edit', id],
    queryFn: async ({ signal }) => {
      const detail = await api<PartDetail>(`/item/${encodeURIComponent(id)}`, { signal });
      const fitment: FittedRow[] = [];
      // At most 2,000 vehicles (the most a part may have), a page of LIST_PAGE_MAX at a time.
      for (let page = 1; page <= 2000 / LIST_PAGE_MAX; page++) {
        const { data, headers } = await apiRequest<FitmentGroups>(
          `/item/${encodeURIComponent(id)}/fitment`,
          { query: { page, limit: LIST_PAGE_MAX }, signal },
        );
        fitment.push(...fittedRows(data));
        if (fitment.length >= Number(headers.get(TOTAL_COUNT_HEADER) ?? 0)) break;
      }
      return { detail, fitment };
    },
    retry: false,
    // Always what the part is now: an edit starts from it.
    staleTime: 0,
  });

/** POST /items → { insertedId }. */
export function addPart(body: PartBody) {
  return api<z.infer<typeof insertedPartReply>>('/items', { method: 'POST', body });
}

/**
 * PUT /item/{id} → the part as saved, if it is still at `version` (the part the form was made
 * from); else a 409 whose message asks to reload it, since an order may have changed its stock.
 */
export function editPart(id: string, version: string, body: PartBody) {
  return api<z.infer<typeof part>>(`/item/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    ifMatch: version,
  });
}

/** POST /images with the picture itself as the body → { img: '/api/images/…' }. */
export function uploadImage(file: File) {
  return api<z.infer<typeof uploadedImageReply>>('/images', { method: 'POST', body: file });
}

export type { Part };
