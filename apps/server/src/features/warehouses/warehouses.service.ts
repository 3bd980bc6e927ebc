import {
  type Part,
  type SetPartStockBody,
  type UpdateWarehouseBody,
  WAREHOUSES_MAX,
  type Warehouse,
  type WarehouseBody,
  warehouseMessages,
} from '@axle/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Invalid, NotFound } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { shownPart } from '../catalog/catalog.service.ts';
import { parts } from '../catalog/catalog.table.ts';
import { fillBackorders } from '../orders/fill-backorders.ts';
import type { OrderMail } from '../orders/order-mails.service.ts';
import { partStock, warehouses } from './warehouses.table.ts';

// Warehouses (issue 32 #2): the list every page reads (for stock and delivery promises), the
// admins' changes to it, and what one warehouse holds of a part.

const shown = {
  code: warehouses.code,
  name: warehouses.name,
  city: warehouses.city,
  cutoff: warehouses.cutoff,
  timeZone: warehouses.timeZone,
  workingDays: warehouses.workingDays,
  position: warehouses.position,
};

/** Every warehouse, in the shop's order of preference. */
export function listWarehouses(db: Db): Promise<Warehouse[]> {
  return db.select(shown).from(warehouses).orderBy(asc(warehouses.position), asc(warehouses.code));
}

async function warehouseByCode(db: Db, code: string): Promise<Warehouse> {
  const [found] = await db.select(shown).from(warehouses).where(eq(warehouses.code, code));
  if (!found) throw new NotFound(warehouseMessages.unknown(code));
  return found;
}

/** An admin adds a warehouse (audited); its code is unique (409), at most WAREHOUSES_MAX of them. */
export async function addWarehouse(
  db: Db,
  admin: RequestUser,
  body: WarehouseBody,
): Promise<Warehouse> {
  await db.transaction(async (tx) => {
    // Admins adding warehouses take turns, so the cap holds.
    await tx.execute(sql`lock table ${warehouses} in share row exclusive mode`);
    const [held] = await tx.select({ count: count() }).from(warehouses);
    if ((held?.count ?? 0) >= WAREHOUSES_MAX) throw new Conflict(warehouseMessages.tooMany);
    await tx
      .insert(warehouses)
      .values({ ...body, position: body.position ?? held?.count ?? 0 })
      .catch((error: unknown) => {
        if (uniqueViolation(error)) throw new Conflict(warehouseMessages.codeTaken(body.code));
        throw error;
      });
    await recordAdminAction(tx, admin, 'add-warehouse', body.code);
  });
  return warehouseByCode(db, body.code);
}

/** An admin changes a warehouse's name, city, cutoff, time zone, days or place (audited). */
export async function updateWarehouse(
  db: Db,
  admin: RequestUser,
  code: string,
  body: UpdateWarehouseBody,
): Promise<Warehouse> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(warehouses)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(warehouses.code, code))
      .returning({ id: warehouses.id });
    if (!row) throw new NotFound(warehouseMessages.unknown(code));
    await recordAdminAction(tx, admin, 'edit-warehouse', code);
  });
  return warehouseByCode(db, code);
}

/**
 * An admin sets what one warehouse holds of a part (and, if given, when more is expected there;
 * null forgets it), audited: the part's available quantity moves by the difference in the same
 * transaction, the part's row locked first (as an order locks it), so the sum stays exact while
 * orders take from it. More stock fills the orders waiting for the part first (issue 32 #3).
 * Answers the part as the catalogue shows it.
 */
export async function setPartStock(
  db: Db,
  mail: OrderMail,
  admin: RequestUser,
  partId: string,
  body: SetPartStockBody,
): Promise<Part> {
  await db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: parts.id, partNumber: parts.partNumber })
      .from(parts)
      .where(eq(parts.id, partId))
      .for('no key update');
    if (!part) throw new NotFound(`No part with id ${partId}`);
    const [warehouse] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(eq(warehouses.code, body.warehouse));
    if (!warehouse) throw new Invalid(warehouseMessages.unknown(body.warehouse));
    const [before] = await tx
      .select({ quantity: partStock.quantity })
      .from(partStock)
      .where(sql`${partStock.partId} = ${partId} and ${partStock.warehouseId} = ${warehouse.id}`);
    const restock = body.restockDate === undefined ? {} : { restockDate: body.restockDate };
    await tx
      .insert(partStock)
      .values({ partId, warehouseId: warehouse.id, quantity: body.quantity, ...restock })
      .onConflictDoUpdate({
        target: [partStock.partId, partStock.warehouseId],
        set: { quantity: body.quantity, ...restock },
      });
    await tx
      .update(parts)
      .set({
        availableQuantity: sql`${parts.availableQuantity} + ${body.quantity - (before?.quantity ?? 0)}`,
        updatedAt: new Date(),
      })
      .where(eq(parts.id, partId));
    await recordAdminAction(tx, admin, 'set-stock', `${part.partNumber} @ ${body.warehouse}`);
    // More stock goes to the orders waiting for it first (issue 32 #3).
    if (body.quantity > (before?.quantity ?? 0)) await fillBackorders(tx, mail, [partId]);
  });
  return shownPart(db, partId);
}
