import type { PartStock, Warehouse } from '@axle/contract';
import { shipPromise, shipPromiseText } from '@axle/contract/warehouse-texts';

/**
 * The promise of a shipping day for `quantity` of a part: from the first warehouse, in the shop's
 * order, that holds all of it ("Order within 2 h 10 min to ship today from Dhaka"); null when none
 * does alone.
 */
export function promiseFor(
  stock: readonly PartStock[],
  warehouses: readonly Warehouse[],
  quantity: number,
  now: Date,
): string | null {
  for (const warehouse of warehouses) {
    const held = stock.find((entry) => entry.warehouse === warehouse.code);
    if (held && held.quantity >= quantity)
      return shipPromiseText(shipPromise(warehouse, now), warehouse.name);
  }
  return null;
}

/** A warehouse's name by its code, or the code while the list is not known (or lacks it). */
export const nameOf = (warehouses: readonly Warehouse[] | undefined, code: string) =>
  warehouses?.find((warehouse) => warehouse.code === code)?.name ?? code;
