import type {
  AdminUser,
  AuditAction,
  AuditEntry,
  AuditLogQuery,
  BulkShipBody,
  BulkShipReply,
  CatalogueImportReport,
  ManageOrdersQuery,
  Order,
  OrderExportQuery,
  OrderFilters,
  OrderStateCounts,
  Part,
  PartBody,
  ShipOrderBody,
  UsersQuery,
} from '@axle/contract';
import { bulkShipMessages } from '@axle/contract/order-texts';
import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  countWhere,
  type KeysetSort,
  keysetList,
  matchesEveryWord,
  type Page,
  sortKeyText,
  withinDays,
} from '../../db/paging.ts';
import { keptCount } from '../../db/row-counts.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { DomainError, NotFound } from '../../domain/errors.ts';
import { type AccountsContext, grantAdmin, listAccounts } from '../accounts/accounts.service.ts';
import { createPart, shownPart, updatePart } from '../catalog/catalog.service.ts';
import { importCatalogue } from '../catalog/catalogue-import.service.ts';
import type { CsvRecord } from '../catalog/csv.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { backorderedPartIds, fillBackorders } from '../orders/backorders.service.ts';
import { countOrdersByState, listAllOrders, ordersCsv } from '../orders/order-lists.service.ts';
import {
  type OrderMail,
  orderShippedMail,
  ordersShippedMail,
} from '../orders/order-mails.service.ts';
import { orderNumbersOf, shipOrder } from '../orders/orders.service.ts';
import { adminAuditLog } from './admin.table.ts';

export type AdminContext = Pick<AccountsContext, 'db' | 'now'>;

/** Writes one admin action, in the transaction that did it (so a rolled-back action leaves no row). */
export async function recordAdminAction(
  tx: Tx,
  admin: RequestUser,
  action: AuditAction,
  target: string,
) {
  await tx.insert(adminAuditLog).values({
    adminUserId: admin.id,
    adminEmail: admin.email,
    action,
    target,
  });
}

export function listUsers(ctx: AdminContext, query: UsersQuery): Promise<Page<AdminUser>> {
  return listAccounts(ctx.db, query);
}

/** SPEC §7 `PUT /user/admin/{email}`; an unknown e-mail is a 404, an admin already gives 0. */
export async function makeAdmin(
  ctx: AdminContext,
  admin: RequestUser,
  email: string,
): Promise<{ modifiedCount: number }> {
  return ctx.db.transaction(async (tx) => {
    const result = await grantAdmin(tx, email);
    if (result === 'unknown') throw new NotFound(`No account for ${email}`);
    // Already an admin: nothing changes and nothing is written to the audit log.
    if (result === 'already-admin') return { modifiedCount: 0 };
    await recordAdminAction(tx, admin, 'make-admin', email);
    return { modifiedCount: 1 };
  });
}

export function listOrders(ctx: AdminContext, query: ManageOrdersQuery): Promise<Page<Order>> {
  return listAllOrders(ctx.db, query);
}

/** Manage All Orders' orders under its filters, as a CSV file streamed a page at a time. */
export function exportOrders(ctx: AdminContext, query: OrderExportQuery): AsyncGenerator<string> {
  return ordersCsv(ctx.db, query);
}

export function countOrders(ctx: AdminContext, filters: OrderFilters): Promise<OrderStateCounts> {
  return countOrdersByState(ctx.db, filters);
}

/**
 * SPEC §7 `PUT /manageorders/{id}`: ships a paid order, with the carrier's tracking number when
 * given; 0 when it was already shipped. The customer's e-mail is queued with it.
 */
export async function markShipped(
  ctx: AdminContext & { mail: OrderMail },
  admin: RequestUser,
  orderId: string,
  body?: ShipOrderBody,
): Promise<{ modifiedCount: number; order?: Order }> {
  const shipped = await ctx.db.transaction(async (tx) => {
    const shipped = await shipOrder(tx, orderId, body);
    if (!shipped) return null;
    await recordAdminAction(tx, admin, 'ship-order', orderId);
    await queueMail(tx, orderShippedMail(ctx.mail, shipped));
    return shipped;
  });
  if (!shipped) return { modifiedCount: 0 };
  return { modifiedCount: 1, order: shipped };
}

/**
 * Ships many paid orders at once (issue 33 #2), in one transaction: in id order (so that two bulk
 * ships of the same orders lock them alike), each in a savepoint of its own, so that an order that
 * cannot be shipped (unpaid, cancelled, waiting for backorders, shipped already, unknown) is
 * reported with its reason and the others still ship. One audit row an order; one mail a customer,
 * naming every order of theirs that shipped.
 */
export async function shipOrders(
  ctx: AdminContext & { mail: OrderMail },
  admin: RequestUser,
  body: BulkShipBody,
): Promise<BulkShipReply> {
  const wanted = [...body.orders].sort((a, b) => a.id.localeCompare(b.id));
  return ctx.db.transaction(async (tx) => {
    const shipped = new Map<string, Order>();
    const refused = new Map<string, string>();
    for (const entry of wanted) {
      try {
        const order = await tx.transaction((savepoint) =>
          shipOrder(savepoint, entry.id, { trackingNumber: entry.trackingNumber }),
        );
        if (!order) {
          refused.set(entry.id, bulkShipMessages.alreadyShipped);
          continue;
        }
        shipped.set(entry.id, order);
        await recordAdminAction(tx, admin, 'ship-order', entry.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refused.set(entry.id, error instanceof NotFound ? bulkShipMessages.noOrder : error.message);
      }
    }
    const byCustomer = new Map<string, Order[]>();
    for (const order of shipped.values())
      byCustomer.set(order.email, [...(byCustomer.get(order.email) ?? []), order]);
    for (const orders of byCustomer.values())
      await queueMail(
        tx,
        ordersShippedMail(
          ctx.mail,
          orders.sort((a, b) => a.number - b.number),
        ),
      );
    const numbers = await orderNumbersOf(tx, [...refused.keys()]);
    return {
      shipped: body.orders.flatMap((entry) => {
        const order = shipped.get(entry.id);
        return order ? [order] : [];
      }),
      refused: body.orders.flatMap((entry) => {
        const reason = refused.get(entry.id);
        return reason ? [{ id: entry.id, number: numbers.get(entry.id) ?? null, reason }] : [];
      }),
    };
  });
}

/** Add a Product: the new part is listed at once (newest first) on the home page and /parts. */
export async function addPart(
  ctx: AdminContext,
  admin: RequestUser,
  body: PartBody,
): Promise<{ insertedId: string }> {
  return ctx.db.transaction(async (tx) => {
    const part = await createPart(tx, body);
    await recordAdminAction(tx, admin, 'add-part', part._id);
    return { insertedId: part._id };
  });
}

/**
 * Edits a part's details, price and stock, if the part is still at `version` (else 409); an
 * unknown id is a 404.
 */
export async function editPart(
  ctx: AdminContext & { mail: OrderMail },
  admin: RequestUser,
  id: string,
  version: string,
  body: PartBody,
): Promise<Part> {
  return ctx.db.transaction(async (tx) => {
    const part = await updatePart(tx, id, version, body);
    await recordAdminAction(tx, admin, 'edit-part', id);
    // More stock goes to the orders waiting for it first (issue 32 #3).
    const filled = await fillBackorders(tx, ctx.mail, [id]);
    return filled.units > 0 ? shownPart(tx, id) : part;
  });
}

/**
 * Imports a catalogue file (issue 16 #7) in one transaction: a file cut off midway (too large,
 * the connection lost) or a failing statement writes nothing. A dry run does all of it, reports
 * the same counts, and rolls back.
 */
export async function importCatalogueFile(
  ctx: AdminContext & { mail: OrderMail },
  admin: RequestUser,
  records: AsyncIterable<CsvRecord>,
  dryRun: boolean,
): Promise<CatalogueImportReport> {
  let report: CatalogueImportReport | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const counts = await importCatalogue(tx, records);
      // Stock the file raised goes to the orders waiting for it first (issue 32 #3).
      await fillBackorders(tx, ctx.mail, await backorderedPartIds(tx));
      report = { dryRun, ...counts };
      if (dryRun) tx.rollback();
      await recordAdminAction(
        tx,
        admin,
        'import-catalogue',
        `${counts.inserted} inserted, ${counts.updated} updated, ${counts.refusedCount} refused`,
      );
    });
  } catch (error) {
    if (!(dryRun && error instanceof TransactionRollbackError)) throw error;
  }
  if (!report) throw new Error('the import did not report');
  return report;
}

const newestFirst = {
  name: 'newest',
  key: adminAuditLog.createdAt,
  type: 'timestamptz',
  direction: 'desc',
  idType: 'bigint',
} satisfies KeysetSort;

/** What the audit log's search reads: the admin's e-mail and the target (an e-mail, an id). */
const auditSearchText = sql`lower(${adminAuditLog.adminEmail} || ' ' || ${adminAuditLog.target})`;

/** A page of admin actions, newest first: searched, of one kind, within dates. */
export async function auditLog(db: Db, query: AuditLogQuery): Promise<Page<AuditEntry>> {
  const filter = and(
    matchesEveryWord(auditSearchText, query.q),
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    ...withinDays(adminAuditLog.createdAt, query.from, query.to),
  );
  const unfiltered = !query.q?.trim() && !query.action && !query.from && !query.to;
  return keysetList({
    db,
    sort: newestFirst,
    id: adminAuditLog.id,
    limit: query.limit,
    cursor: query.cursor,
    total: unfiltered ? keptCount('audit') : countWhere(adminAuditLog, filter),
    rows: (page) =>
      db
        .select({
          id: adminAuditLog.id,
          adminEmail: adminAuditLog.adminEmail,
          action: adminAuditLog.action,
          target: adminAuditLog.target,
          createdAt: adminAuditLog.createdAt,
          sortKey: sortKeyText(newestFirst),
          total: page.total,
        })
        .from(adminAuditLog)
        .where(and(filter, page.after))
        .orderBy(page.orderBy)
        .limit(page.limit),
    toItem: (row) => ({
      _id: row.id,
      adminEmail: row.adminEmail,
      action: row.action as AuditAction,
      target: row.target,
      createdAt: row.createdAt.toISOString(),
    }),
  });
}
