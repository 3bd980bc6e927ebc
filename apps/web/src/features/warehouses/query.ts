/**
 * The warehouses as every page reads them (issue 32 #2): a part's stock names its warehouses by
 * code, and the promise of a shipping day comes from their cutoffs. Apart from the admin's calls
 * (api.ts), which the part page and the cart do not load.
 */
import type { Warehouse } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** The warehouses, in the shop's order of preference: one key for every page that reads them. */
export const WAREHOUSES_KEY = ['warehouses'] as const;

/** Warehouses change seldom: a page reads them once in a while, not at every mount. */
const WAREHOUSES_STALE_MS = 5 * 60_000;

/** GET /warehouses: public, in the shop's order of preference (an order takes from the first). */
export const warehousesQuery = () =>
  queryOptions({
    queryKey: WAREHOUSES_KEY,
    queryFn: ({ signal }) => api<Warehouse[]>('/warehouses', { signal, bearer: false }),
    staleTime: WAREHOUSES_STALE_MS,
  });
