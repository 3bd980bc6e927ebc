import { z } from 'zod';
import { auditAction } from './admin.ts';
import { LIST_PAGE_MAX, lastReachablePage, ORDER_STATES, PAGE_OFFSET_MAX } from './paging.ts';

// The paging, search, filter and sort parameters of every list call (PRODUCT §5). Strict: a
// parameter a list does not take is refused (400). Lists that grow without end (orders, users, the
// audit log) page with an opaque `cursor` (keyset: the next page starts after the last row of this
// one, so rows added meanwhile neither repeat nor go missing); the next page's address comes in
// the `Link` header. Lists that stay short or are cached (parts, reviews) page by `page`.

/** How many rows a page holds: 1 to 100; without it, 100. */
export const limitParam = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${LIST_PAGE_MAX}` })
  .int(`limit must be a whole number from 1 to ${LIST_PAGE_MAX}`)
  .min(1, `limit must be a whole number from 1 to ${LIST_PAGE_MAX}`)
  .max(LIST_PAGE_MAX, `limit must be a whole number from 1 to ${LIST_PAGE_MAX}`);

/** A page number from 1 (for `page` paged lists); far pages are refused rather than scanned. */
export const PAGE_MAX = 10_000;
export const pageParam = z.coerce
  .number({ error: `page must be a whole number from 1 to ${PAGE_MAX}` })
  .int(`page must be a whole number from 1 to ${PAGE_MAX}`)
  .min(1, `page must be a whole number from 1 to ${PAGE_MAX}`)
  .max(PAGE_MAX, `page must be a whole number from 1 to ${PAGE_MAX}`);

/**
 * Where the next page starts, as the previous page's `Link` gave it: opaque to callers. The server
 * refuses (400 "cursor is not valid") one it did not make, or one made for another sort.
 */
export const cursorParam = z
  .string()
  .max(300, 'cursor is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid');

/** Free-text search of a list: words in any order, each must match. */
export const searchParam = z.string().trim().max(100, 'search is at most 100 characters');

/**
 * A calendar day, `YYYY-MM-DD` (UTC): `from` counts from its start, `to` up to its end. Years
 * 1900 to 2999: a shop has no orders outside them, and PostgreSQL has no year 0 (`0000-02-29`
 * passed the format and failed in the database).
 */
export const dayParam = z.iso
  .date({ error: 'dates are written YYYY-MM-DD' })
  .refine((day) => day >= '1900-01-01' && day <= '2999-12-31', {
    error: 'dates are from 1900-01-01 to 2999-12-31',
  });

/** GET /api/users: All User. `q` matches name or e-mail. */
export const usersQuery = z.strictObject({
  q: searchParam.optional(),
  role: z.enum(['admin', 'customer']).optional(),
  sort: z.enum(['newest', 'oldest', 'name', 'email']).optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type UsersQuery = z.infer<typeof usersQuery>;

/** The filters of Manage All Orders without the state: what the state tabs count. */
export const orderFilters = z.strictObject({
  /** Order id (whole or its start), customer name or e-mail, or part name. */
  q: searchParam.optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;

/** GET /api/manageorders: Manage All Orders. */
export const manageOrdersQuery = orderFilters.extend({
  state: z.enum(ORDER_STATES).optional(),
  sort: z.enum(['newest', 'oldest', 'total']).optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type ManageOrdersQuery = z.infer<typeof manageOrdersQuery>;

/**
 * GET /api/admin/orders/export.csv (issue 33 #3): Manage All Orders' filters (every state but
 * cancelled unless `state` says), oldest first, one row a line.
 */
export const orderExportQuery = orderFilters.extend({ state: z.enum(ORDER_STATES).optional() });
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** The orders file's columns, in the order the export writes them: one row for each line. */
export const ORDER_CSV_COLUMNS = [
  'orderNumber',
  'orderId',
  'placedAt',
  'state',
  'customer',
  'email',
  'company',
  'poNumber',
  'invoiceNumber',
  'paid',
  'shipped',
  'cancelled',
  'trackingNumber',
  'line',
  'partNumber',
  'part',
  'quantity',
  'unitPrice',
  'lineTotal',
  'coreDeposit',
  'orderTotal',
  'vehicle',
] as const;

/** GET /api/manageorders/counts: how many orders each tab holds, under the same filters. */
export const orderStateCounts = z.object({
  all: z.number().int(),
  unpaid: z.number().int(),
  paid: z.number().int(),
  shipped: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderStateCounts = z.infer<typeof orderStateCounts>;

/** GET /api/admin/audit-log. `q` matches the admin's e-mail or the target. */
export const auditLogQuery = z.strictObject({
  q: searchParam.optional(),
  action: auditAction.optional(),
  from: dayParam.optional(),
  to: dayParam.optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** GET /api/userorder: My Orders, newest first. */
export const userOrdersQuery = z.strictObject({
  email: z.string().max(254),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});
export type UserOrdersQuery = z.infer<typeof userOrdersQuery>;

/**
 * A page-numbered list's `page` and `limit` reach no deeper than its first PAGE_OFFSET_MAX rows:
 * a 400 that says to search or filter instead.
 */
export const withinReach = (query: { page?: number | undefined; limit?: number | undefined }) =>
  (query.page ?? 1) <= lastReachablePage(query.limit ?? LIST_PAGE_MAX);
export const outOfReach = {
  message: `page is too far into the list (its first ${PAGE_OFFSET_MAX.toLocaleString('en')} rows only): search or filter to narrow it`,
  path: ['page'],
};

/** GET /api/reviews: newest first. The carousel asks for `limit=10`. */
export const reviewsQuery = z
  .strictObject({
    page: pageParam.optional(),
    limit: limitParam.optional(),
  })
  .refine(withinReach, outOfReach);
export type ReviewsQuery = z.infer<typeof reviewsQuery>;

/** GET /api/reviews/summary: every review's average rating (null when there is none) and count. */
export const reviewsSummary = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type ReviewsSummary = z.infer<typeof reviewsSummary>;
