/** Calls of Add a Product (admins): the catalogue, adding and editing a part, uploading a picture. */
import {
  insertedPartReply,
  type Part,
  type PartBody,
  part,
  partList,
  uploadedImageReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * The catalogue's query key (SPEC §7 `items`): the home page and /parts read under it, so
 * invalidating it after an add or an edit shows the change there at once.
 */
export const ITEMS_KEY = ['items'] as const;

/** GET /items: every part, newest first (the same call and key as the home page's list). */
export const allPartsQuery = () =>
  queryOptions({
    queryKey: ITEMS_KEY,
    queryFn: ({ signal }) => api('/items', partList, { signal }),
  });

/** POST /items → { insertedId }. */
export function addPart(body: PartBody) {
  return api('/items', insertedPartReply, { method: 'POST', body });
}

/** PUT /item/{id} → the part as saved. */
export function editPart(id: string, body: PartBody) {
  return api(`/item/${encodeURIComponent(id)}`, part, { method: 'PUT', body });
}

/** POST /images with the picture itself as the body → { img: '/api/images/…' }. */
export function uploadImage(file: File) {
  return api('/images', uploadedImageReply, { method: 'POST', body: file });
}

export type { Part };
