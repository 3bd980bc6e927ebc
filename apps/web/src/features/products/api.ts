/** Calls of Add a Product (admins): the catalogue, adding and editing a part, uploading a picture. */
import type { insertedPartReply, Part, PartBody, part, uploadedImageReply } from '@axle/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

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
