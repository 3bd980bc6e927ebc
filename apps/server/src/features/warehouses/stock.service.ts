import { type LineSource, type PartStock, warehouseMessages } from '@axle/contract';
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { Invalid } from '../../domain/errors.ts';
import { orderLineSources, partStock, warehouses } from './warehouses.table.ts';

// What each warehouse holds of a part (issue 32 #2), as the other features read and change it:
// the catalogue shows it with every part and writes it from a catalogue file, orders say where
// their lines were taken from and give it back, admins set it. A part's total is the catalogue's
// (`parts.available_quantity`); the writers here leave keeping it equal to the caller, in the
// same transaction (migration 0029's deferred trigger puts any difference right at commit).

/**
 * What each warehouse holds of the part `part` (a row of the caller's statement with an `id`), in
 * the shop's order of warehouses: those holding some or expecting more, as one JSON value.
 */
export const partStockOf = (part: SQLWrapper) =>
  sql<PartStock[]>`(select coalesce(json_agg(json_build_object(
      'warehouse', w.code, 'quantity', s.quantity, 'restockDate', s.restock_date)
      order by w.position, w.code), '[]'::json)
    from ${partStock} s join ${warehouses} w on w.id = s.warehouse_id
    where s.part_id = ${part}.id and (s.quantity > 0 or s.restock_date is not null))`;

/** The earliest restock date to come of the part `partId`'s warehouses, as text; null when none. */
export const restockExpectedOf = (partId: SQLWrapper) =>
  sql<string | null>`(select min(s.restock_date)::text from ${partStock} s
    where s.part_id = ${partId} and s.restock_date >= current_date)`;

/**
 * When a part's backordered units are expected (issue 32 #3): its warehouses' earliest restock
 * date to come, when it accepts backorders (`part` a row of `parts` of the caller's statement);
 * null otherwise. The cart's, checkout's and the replies' one rule.
 */
export const backorderExpectedOf = (part: SQLWrapper) =>
  sql<
    string | null
  >`case when ${part}.allow_backorder then ${restockExpectedOf(sql`${part}.id`)} end`;

/** Where an order line (`line`, a row of order_lines) was taken from, as one JSON value; null for none. */
export function sourcesOf(line: SQLWrapper): SQL<LineSource[] | null> {
  return sql`(select json_agg(json_build_object('warehouse', w.code, 'name', w.name,
      'quantity', s.quantity) order by w.position, w.code)
    from ${orderLineSources} s join ${warehouses} w on w.id = s.warehouse_id
    where s.order_id = ${line}.order_id and s.position = ${line}.position)`;
}

/** Where each line of an order was taken from, by position (the lines' insert chose them). */
export async function lineSourcesOf(
  db: Db | Tx,
  orderId: string,
): Promise<Map<number, LineSource[]>> {
  const rows = await db
    .select({
      position: orderLineSources.position,
      shipsFrom: sql<LineSource[]>`json_agg(json_build_object('warehouse', ${warehouses.code},
        'name', ${warehouses.name}, 'quantity', ${orderLineSources.quantity})
        order by ${warehouses.position}, ${warehouses.code})`,
    })
    .from(orderLineSources)
    .innerJoin(warehouses, eq(warehouses.id, orderLineSources.warehouseId))
    .where(eq(orderLineSources.orderId, orderId))
    .groupBy(orderLineSources.position);
  return new Map(rows.map((row) => [row.position, row.shipsFrom]));
}

/** Where the lines of these orders were taken from (a picking list, issue 33 #2), warehouse by warehouse. */
export function sourcesOfOrders(
  db: Db | Tx,
  orderIds: readonly string[],
): Promise<
  {
    orderId: string;
    position: number;
    warehouse: string;
    name: string;
    city: string;
    quantity: number;
  }[]
> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderLineSources.orderId,
      position: orderLineSources.position,
      warehouse: warehouses.code,
      name: warehouses.name,
      city: warehouses.city,
      quantity: orderLineSources.quantity,
    })
    .from(orderLineSources)
    .innerJoin(warehouses, eq(warehouses.id, orderLineSources.warehouseId))
    .where(inArray(orderLineSources.orderId, [...orderIds]))
    .orderBy(asc(warehouses.position), asc(warehouses.code));
}

/**
 * Gives the units cancelled orders took back to the warehouses they came from; the caller puts
 * them back in the parts' totals in the same transaction.
 */
export async function returnToWarehouses(tx: Db | Tx, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    update ${partStock} s set quantity = s.quantity + back.quantity
    from (select part_id, warehouse_id, sum(quantity)::int as quantity from ${orderLineSources}
          where order_id = any(${sql.param([...orderIds])}::uuid[])
          group by part_id, warehouse_id) back
    where s.part_id = back.part_id and s.warehouse_id = back.warehouse_id`);
}

/**
 * Takes `quantity` units of an order line from its part's warehouses (backordered units arriving,
 * issue 32 #3), as an order would, and records where they came from (migration 0030).
 */
export async function takeForLine(
  tx: Tx,
  line: { orderId: string; position: number; partId: string },
  quantity: number,
): Promise<void> {
  await tx.execute(
    sql`select axle_take_line_stock(${line.orderId}, ${line.position}, ${line.partId}, ${quantity})`,
  );
}

/** Every warehouse's id and code, in the shop's order (a catalogue file's stock columns). */
export function warehouseCodes(db: Db | Tx): Promise<{ id: string; code: string }[]> {
  return db
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .orderBy(asc(warehouses.position), asc(warehouses.code));
}

/** What each warehouse holds of these parts (a catalogue file's stock cells). */
export function stockOfParts(
  db: Db | Tx,
  partIds: readonly string[],
): Promise<{ partId: string; warehouseId: string; quantity: number }[]> {
  return db
    .select({
      partId: partStock.partId,
      warehouseId: partStock.warehouseId,
      quantity: partStock.quantity,
    })
    .from(partStock)
    .where(inArray(partStock.partId, [...partIds]));
}

/**
 * Sets what warehouses hold of parts (a catalogue file's stock cells), and answers each part's
 * total over its warehouses after it. The caller locked the parts.
 */
export async function setStockOfParts(
  tx: Tx,
  rows: readonly { partId: string; warehouseId: string; quantity: number }[],
): Promise<Map<string, number>> {
  const given = JSON.stringify(
    rows.map((row) => ({
      part_id: row.partId,
      warehouse_id: row.warehouseId,
      quantity: row.quantity,
    })),
  );
  await tx.execute(sql`
    INSERT INTO ${partStock} (part_id, warehouse_id, quantity)
    SELECT g.part_id, g.warehouse_id, g.quantity
      FROM json_to_recordset(${given}::json) AS g(part_id uuid, warehouse_id uuid, quantity int)
    ON CONFLICT (part_id, warehouse_id) DO UPDATE SET quantity = excluded.quantity
      WHERE ${partStock}.quantity <> excluded.quantity`);
  const ids = [...new Set(rows.map((row) => row.partId))];
  const totals = await tx
    .select({ partId: partStock.partId, total: sql<number>`sum(${partStock.quantity})::int` })
    .from(partStock)
    .where(inArray(partStock.partId, ids))
    .groupBy(partStock.partId);
  return new Map(totals.map((row) => [row.partId, row.total]));
}

/**
 * Sets what the warehouse `code` holds of a part, and when more is expected there (left out:
 * kept; null: forgotten), and answers by how much its holding changed. An unknown code is a 400.
 * The caller locked the part and moves its total by the answer.
 */
export async function setWarehouseStock(
  tx: Tx,
  partId: string,
  given: { warehouse: string; quantity: number; restockDate?: string | null | undefined },
): Promise<number> {
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.code, given.warehouse));
  if (!warehouse) throw new Invalid(warehouseMessages.unknown(given.warehouse));
  const [before] = await tx
    .select({ quantity: partStock.quantity })
    .from(partStock)
    .where(and(eq(partStock.partId, partId), eq(partStock.warehouseId, warehouse.id)));
  const restock = given.restockDate === undefined ? {} : { restockDate: given.restockDate };
  await tx
    .insert(partStock)
    .values({ partId, warehouseId: warehouse.id, quantity: given.quantity, ...restock })
    .onConflictDoUpdate({
      target: [partStock.partId, partStock.warehouseId],
      set: { quantity: given.quantity, ...restock },
    });
  return given.quantity - (before?.quantity ?? 0);
}
