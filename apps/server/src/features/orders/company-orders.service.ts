// A company's orders (issue 18): an owner's decision on an order awaiting approval, and the
// payment of an invoice on account that the shop's admin records.
import { companyMessages, type Order } from '@axle/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import { orderColumns, shownOrder, toOrder, unpaid } from './orders.service.ts';
import { orders } from './orders.table.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * An order of this company, locked until the caller's transaction ends; any other order (or none)
 * is a 404, so ids of other companies' orders reveal nothing.
 */
export async function lockCompanyOrder(tx: Tx, companyId: string, id: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.companyId, companyId)))
    .for('update');
  if (!row) throw new NotFound(companyMessages.noOrder);
  return row;
}

/**
 * An owner's decision on an order awaiting approval, in the caller's transaction: approved (it
 * can be paid now) or rejected (cancelled; the caller returns its stock), with the owner's note,
 * who and when. Null when it no longer awaits approval (decided or cancelled meanwhile).
 */
export async function decideApproval(
  tx: Tx,
  id: string,
  decision: { approval: 'approved' | 'rejected'; by: string; note: string | null; at: Date },
): Promise<Order | null> {
  const [row] = await tx
    .update(orders)
    .set({
      approval: decision.approval,
      approvalNote: decision.note,
      approvalBy: decision.by,
      approvalAt: decision.at,
      updatedAt: decision.at,
      ...(decision.approval === 'rejected' ? { cancelledAt: decision.at } : {}),
    })
    .where(and(eq(orders.id, id), eq(orders.approval, 'awaiting'), unpaid))
    .returning(orderColumns());
  return row ? toOrder(row) : null;
}

/**
 * Records the payment of an invoice on account (the admin's, issue 18 #4), in the caller's
 * transaction: the order is settled with the payment's reference. Null when it has no open
 * invoice on account (not on account, not invoiced yet, or settled already).
 */
export async function settleOnAccount(
  tx: Tx,
  id: string,
  reference: string,
  at: Date,
): Promise<Order | null> {
  const [row] = await tx
    .update(orders)
    .set({ settledAt: at, settlementReference: reference, updatedAt: at })
    .where(and(eq(orders.id, id), openOnAccount))
    .returning({ id: orders.id });
  return row ? shownOrder(tx, row.id) : null;
}

/** Invoices on account still to be paid (the partial index orders_due_on_account_idx holds them). */
export const openOnAccount = sql`${orders.onAccount} and ${orders.paid} and ${orders.settledAt} is null and ${orders.cancelledAt} is null`;
