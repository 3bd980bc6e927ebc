/** Calls of Add a Product (admins): the catalogue, adding and editing a part, uploading a picture. */
import type { insertedPartReply, Part, PartBody, part, uploadedImageReply } from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
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
