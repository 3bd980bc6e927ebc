import { z } from 'zod';

/** A car part as SPEC §3 names it; `price` is in dollars. */
export const part = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  availableQuantity: z.number().int(),
  minimumQuantity: z.number().int(),
  price: z.number(),
});
export type Part = z.infer<typeof part>;

export const partList = z.array(part);

export const ITEMS_PAGE_MAX = 100;

export const itemsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(ITEMS_PAGE_MAX).optional(),
});
export type ItemsQuery = z.infer<typeof itemsQuery>;

/** Response header carrying the number of parts that match, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const partIdParams = z.object({ id: z.uuid({ error: 'id must be a part id (a UUID)' }) });
