import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lockStock, moveTotal } from '../catalog/stock.service.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { takeForLine } from '../warehouses/stock.service.ts';
import { backorderArrivedMail, type OrderMail } from './order-mails.service.ts';
import { shownOrder } from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

// Backordered units arriving (issue 32 #3). When an admin raises a part's stock (its warehouses'
// stock, the part form or a catalogue file), the order lines waiting for it take it, oldest order
// first, from the warehouses as an order would; each order whose last waiting line is filled now
// ships complete, and its customer is mailed so.

/**
 * Fills the lines waiting for these parts from their stock, in the caller's transaction, and
 * answers how many units it gave and the orders it completed. The waiting orders' rows are locked
 * first (a cancellation waiting on them then finds the lines as they are, and one that went first
 * is skipped), then the parts in id order, as an order locks them.
 */
export async function fillBackorders(
  tx: Tx,
  mail: OrderMail,
  partIds: readonly string[],
): Promise<{ units: number; completed: string[] }> {
  if (partIds.length === 0) return { units: 0, completed: [] };
  const waiting = await tx
    .select({
      orderId: orderLines.orderId,
      position: orderLines.position,
      partId: orderLines.partId,
      backordered: orderLines.backordered,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        sql`${orderLines.partId} = any(${sql.param([...new Set(partIds)])}::uuid[])`,
        gt(orderLines.backordered, 0),
        isNull(orders.cancelledAt),
      ),
    )
    .orderBy(orders.createdAt, orders.id, orderLines.position)
    .for('update');
  if (waiting.length === 0) return { units: 0, completed: [] };
  const stock = await lockStock(tx, [...new Set(waiting.map((line) => line.partId))]);
  const available = new Map([...stock].map(([id, part]) => [id, part.availableQuantity]));
  const touched = new Set<string>();
  let units = 0;
  for (const line of waiting) {
    const fill = Math.min(line.backordered, available.get(line.partId) ?? 0);
    if (fill === 0) continue;
    available.set(line.partId, (available.get(line.partId) ?? 0) - fill);
    touched.add(line.orderId);
    units += fill;
    await tx
      .update(orderLines)
      .set({ backordered: sql`${orderLines.backordered} - ${fill}` })
      .where(and(eq(orderLines.orderId, line.orderId), eq(orderLines.position, line.position)));
    await moveTotal(tx, line.partId, -fill);
    await takeForLine(tx, line, fill);
  }
  const completed: string[] = [];
  for (const orderId of touched) {
    const order = await shownOrder(tx, orderId);
    if (order.lines.some((line) => line.backorder)) continue;
    completed.push(orderId);
    await queueMail(tx, backorderArrivedMail(mail, order));
  }
  return { units, completed };
}

/** The parts some order waits for (issue 32 #3), by the index of waiting lines. */
export async function backorderedPartIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ partId: orderLines.partId })
    .from(orderLines)
    .where(gt(orderLines.backordered, 0));
  return rows.map((row) => row.partId);
}
