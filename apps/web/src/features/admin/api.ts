/**
 * Admin calls (SPEC §7): users, make admin, remove user, all orders (one with all its lines, its
 * invoice), ship, delete, audit log, the catalogue as a CSV file in and out; and the jobs of the
 * durable queue that did not go through, sent again (issue 31). Core returns and credit notes:
 * core-api.ts.
 */
import type {
  AdminUser,
  AuditEntry,
  AuditLogQuery,
  CatalogueImportReport,
  deletedReply,
  ManageOrdersQuery,
  modifiedReply,
  Order,
  OrderFilters,
  OrderStateCounts,
  ShipOrderBody,
  StuckJob,
  StuckJobList,
  StuckJobState,
  shipOrderReply,
  UsersQuery,
} from '@axle/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { fetchListPage, type ListPage } from '../../lib/list-page.ts';
import { ORDERS_KEY } from '../orders/index.ts';

export const USERS_KEY = ['users'] as const;
/** Every admin action adds a line, so each one invalidates this. */
export const AUDIT_LOG_KEY = ['audit-log'] as const;
export const STUCK_JOBS_KEY = ['stuck-jobs'] as const;

/**
 * The parameters of a list call as the page's address gives them: text, checked by the server
 * (a bad `limit` or `cursor` in a hand-edited address is its clear 400, shown as a failed load).
 */
type AsText<T> = { [K in keyof T]?: string };

/** The next page's rows arrive in place of the current ones, which stay until then. */
const pageOptions = { placeholderData: keepPreviousData, retry: false } as const;

/** GET /users: one page of the accounts, searched, filtered by role and sorted; never credentials. */
export const usersPageQuery = (params: AsText<UsersQuery>) =>
  queryOptions({
    queryKey: [...USERS_KEY, params],
    queryFn: ({ signal }): Promise<ListPage<AdminUser>> =>
      fetchListPage<AdminUser>('/users', { query: params, signal }),
    ...pageOptions,
  });

/** PUT /user/admin/{email}; a 401/403 sends the page to / (SPEC §8), the caller toasts. */
export function makeAdmin(email: string) {
  return api<z.infer<typeof modifiedReply>>(`/user/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: {},
    onDenied: 'home',
  });
}

/** DELETE /user/{email}: 409 for yourself or the last admin. */
export function removeUser(email: string) {
  return api<z.infer<typeof deletedReply>>(`/user/${encodeURIComponent(email)}`, {
    method: 'DELETE',
  });
}

/** GET /manageorders: one page of every customer's orders, searched, filtered and sorted. */
export const ordersPageQuery = (params: AsText<ManageOrdersQuery>) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'all', params],
    queryFn: ({ signal }): Promise<ListPage<Order>> =>
      fetchListPage<Order>('/manageorders', { query: params, signal }),
    ...pageOptions,
  });

/** GET /manageorders/counts: how many orders each state tab holds under the same filters. */
export const orderCountsQuery = (filters: AsText<OrderFilters>) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'counts', filters],
    queryFn: ({ signal }) =>
      api<OrderStateCounts>('/manageorders/counts', { query: filters, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/**
 * GET /orderid/{id}: one order with every line (a list carries only its first
 * ORDER_LINES_IN_LISTS); admins may read any order.
 */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'one', id],
    queryFn: ({ signal }) => api<Order>(`/orderid/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/**
 * PUT /manageorders/{id}: ships a paid order (409 when it is not paid), with the carrier's
 * tracking number when the admin gave one (the customer's e-mail carries it).
 */
export function shipOrder(id: string, body: NonNullable<ShipOrderBody> = {}) {
  return api<z.infer<typeof shipOrderReply>>(`/manageorders/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/** GET /orders/{id}/invoice.pdf: a paid order's invoice as a file, with the admin's token. */
export function downloadInvoice(id: string) {
  return api<Blob>(`/orders/${encodeURIComponent(id)}/invoice.pdf`, {
    reply: 'file',
    onDenied: 'home',
  });
}

/** DELETE /deleteorder/{id}: deletes an unpaid order; its quantity goes back in stock. */
export function deleteOrder(id: string) {
  return api<z.infer<typeof deletedReply>>(`/deleteorder/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** GET /admin/audit-log: one page of admin actions, newest first, searched and filtered. */
export const auditLogPageQuery = (params: AsText<AuditLogQuery>) =>
  queryOptions({
    queryKey: [...AUDIT_LOG_KEY, params],
    queryFn: ({ signal }): Promise<ListPage<AuditEntry>> =>
      fetchListPage<AuditEntry>('/admin/audit-log', { query: params, signal }),
    ...pageOptions,
  });

/** The most stuck jobs one list shows (the contract's largest `limit`), the newest first. */
export const STUCK_JOBS_SHOWN = 100;

/** GET /admin/jobs: the newest stuck jobs (of one state, or both) and how many of each there are. */
export const stuckJobsQuery = (state: StuckJobState | undefined) =>
  queryOptions({
    queryKey: [...STUCK_JOBS_KEY, state ?? 'all'],
    queryFn: ({ signal }) =>
      api<StuckJobList>('/admin/jobs', { query: { state, limit: STUCK_JOBS_SHOWN }, signal }),
    ...pageOptions,
  });

/**
 * POST /admin/jobs/{id}/retry: puts a stuck job back in the queue for its next try now; 404 once
 * the job is gone, 409 when it is no longer stuck.
 */
export function retryJob(id: number) {
  return api<StuckJob>(`/admin/jobs/${id}/retry`, { method: 'POST' });
}

export type {
  AdminUser,
  AuditEntry,
  Order,
  OrderStateCounts,
  StuckJob,
  StuckJobList,
  StuckJobState,
};

/**
 * POST /admin/catalogue/import: the chosen CSV file as it is (sent as text/csv whatever type the
 * computer gives a .csv file); a dry run changes nothing and reports the same.
 */
export function importCatalogue(file: Blob, dryRun: boolean) {
  return api<CatalogueImportReport>('/admin/catalogue/import', {
    method: 'POST',
    body: new Blob([file], { type: 'text/csv' }),
    query: { dryRun: dryRun ? 'true' : undefined },
    onDenied: 'home',
  });
}

/** GET /admin/catalogue/export: the whole catalogue as a CSV file, with the admin's token. */
export function exportCatalogue() {
  return api<Blob>('/admin/catalogue/export', { reply: 'file', onDenied: 'home' });
}
