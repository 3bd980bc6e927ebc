import {
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
import { Conflict, NotFound } from '../../domain/errors.ts';
import { recordAdminAction } from '../admin/admin.service.ts';
import { warehouses } from './warehouses.table.ts';

// Warehouses (issue 32 #2): the list every page reads (for stock and delivery promises), the
// admins' changes to it.

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
