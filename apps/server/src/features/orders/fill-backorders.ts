// Use case: backordered units arrive (issue 32 #3). When an admin raises a part's stock (its
// warehouses' stock, the part form or a catalogue file), the order lines waiting for it take it,
// oldest order first, from the warehouses as an order would; each order whose last waiting line is
// filled now ships complete, and its customer is mailed so.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { parts } from '../catalog/catalog.table.ts';
import { queueMail } from '../jobs/jobs.service.ts';
import { backorderArrivedMail, type OrderMail } from './order-mails.service.ts';
import { shownOrder } from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

type Waiting = { orderId: string; position: number; partId: string; backordered: number };

/**
 * Fills the lines waiting for these parts from their stock, in the caller's transaction, and
 * answers how many units it gave and the orders it completed. The waiting orders' rows are locked first (a cancellation
 * waiting on them then finds the lines as they are, and one that went first is skipped), then the
 * parts in id order, as an order locks them.
 */
export async function fillBackorders(
  tx: Tx,
  mail: OrderMail,
  partIds: readonly string[],
): Promise<{ units: number; completed: string[] }> {
  if (partIds.length === 0) return { units: 0, completed: [] };
  const ids = sql.param([...new Set(partIds)]);
  const waiting = (
    (await tx.execute(sql`
      select l.order_id as "orderId", l.position, l.part_id as "partId", l.backordered
      from ${orderLines} l join ${orders} o on o.id = l.order_id
      where l.part_id = any(${ids}::uuid[]) and l.backordered > 0 and o.cancelled_at is null
      order by o.created_at, o.id, l.position
      for update of o, l`)) as unknown as { rows: Waiting[] }
  ).rows;
  if (waiting.length === 0) return { units: 0, completed: [] };
  const available = new Map(
    (
      (await tx.execute(sql`
        select id, available_quantity as "availableQuantity" from ${parts}
        where id = any(${ids}::uuid[]) order by id for no key update`)) as unknown as {
        rows: { id: string; availableQuantity: number }[];
      }
    ).rows.map((row) => [row.id, row.availableQuantity]),
  );
  const touched = new Set<string>();
  let units = 0;
  for (const line of waiting) {
    const fill = Math.min(line.backordered, available.get(line.partId) ?? 0);
    if (fill === 0) continue;
    available.set(line.partId, (available.get(line.partId) ?? 0) - fill);
    touched.add(line.orderId);
    units += fill;
    await tx.execute(sql`
      with line as (
        update ${orderLines} set backordered = backordered - ${fill}
        where order_id = ${line.orderId} and position = ${line.position}
      ), part as (
        update ${parts} set available_quantity = available_quantity - ${fill}, updated_at = now()
        where id = ${line.partId}
      )
      select axle_take_line_stock(${line.orderId}, ${line.position}, ${line.partId}, ${fill})`);
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
  const result = (await tx.execute(
    sql`select distinct part_id as "partId" from ${orderLines} where backordered > 0`,
  )) as unknown as { rows: { partId: string }[] };
  return result.rows.map((row) => row.partId);
}
