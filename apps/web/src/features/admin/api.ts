/** Admin calls (SPEC §7): users, make admin, remove user, all orders, ship, delete, audit log. */
import type {
  AdminUser,
  AuditEntry,
  adminUserList,
  auditLog,
  deletedReply,
  modifiedReply,
  Order,
  orderList,
  shipOrderReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { ORDERS_KEY } from '../orders/index.ts';

export const USERS_KEY = ['users'] as const;
/** Every admin action adds a line, so each one invalidates this. */
export const AUDIT_LOG_KEY = ['audit-log'] as const;

/** GET /users: every account, never credentials. */
export const usersQuery = () =>
  queryOptions({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => api<z.infer<typeof adminUserList>>('/users', { signal }),
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

/** GET /manageorders: every order, newest first (cancelled ones are not listed). */
export const allOrdersQuery = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'all'],
    queryFn: ({ signal }) => api<z.infer<typeof orderList>>('/manageorders', { signal }),
  });

/** PUT /manageorders/{id}: ships a paid order (409 when it is not paid). */
export function shipOrder(id: string) {
  return api<z.infer<typeof shipOrderReply>>(`/manageorders/${encodeURIComponent(id)}`, {
    method: 'PUT',
  });
}

/** DELETE /deleteorder/{id}: deletes an unpaid order; its quantity goes back in stock. */
export function deleteOrder(id: string) {
  return api<z.infer<typeof deletedReply>>(`/deleteorder/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** GET /admin/audit-log: the latest admin actions, newest first. */
export const auditLogQuery = () =>
  queryOptions({
    queryKey: AUDIT_LOG_KEY,
    queryFn: ({ signal }) => api<z.infer<typeof auditLog>>('/admin/audit-log', { signal }),
  });

export type { AdminUser, AuditEntry, Order };
