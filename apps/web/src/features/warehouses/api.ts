/** The admin's calls of warehouses (issue 32 #2): the list as they keep it, and their changes. */
import type { UpdateWarehouseBody, Warehouse, WarehouseBody } from '@axle/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { WAREHOUSES_KEY } from './query.ts';

const ADMIN_WAREHOUSES_KEY = [...WAREHOUSES_KEY, 'admin'] as const;

/**
 * The same list for the admin's pages, which change it. The server lets the browser keep its reply
 * for a minute, so asking again just after a change could bring back the list before it: the
 * admin's list is read once and then kept as the admin's own saves leave it (`keepWarehouse`).
 */
export const adminWarehousesQuery = () =>
  queryOptions({
    queryKey: ADMIN_WAREHOUSES_KEY,
    queryFn: ({ signal }) => api<Warehouse[]>('/warehouses', { signal, bearer: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** POST /admin/warehouses → the new warehouse (a code already used is a 409 in people's words). */
export function addWarehouse(body: WarehouseBody) {
  return api<Warehouse>('/admin/warehouses', { method: 'POST', body });
}

/** PUT /admin/warehouses/{code}: its name, city, cutoff, time zone, working days or place. */
export function updateWarehouse(code: string, body: UpdateWarehouseBody) {
  return api<Warehouse>(`/admin/warehouses/${encodeURIComponent(code)}`, { method: 'PUT', body });
}

/** The shop's order of warehouses, as the server lists them: by position, then by code. */
const inOrder = (warehouses: Warehouse[]) =>
  warehouses.sort(
    (a, b) => a.position - b.position || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );

/**
 * After an admin added or changed a warehouse: the admin's list shows it at once, in its place, as
 * the server answered it; the shop's pages read the list again when next shown.
 */
export function keepWarehouse(queryClient: QueryClient, saved: Warehouse): void {
  queryClient.setQueryData<Warehouse[]>(ADMIN_WAREHOUSES_KEY, (list) =>
    list ? inOrder([...list.filter((each) => each.code !== saved.code), saved]) : list,
  );
  void queryClient.invalidateQueries({ queryKey: WAREHOUSES_KEY, exact: true });
}
