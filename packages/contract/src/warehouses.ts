import { z } from 'zod';
import { PART_QUANTITY_MAX, partMessages } from './texts.ts';
import {
  CUTOFF_PATTERN,
  knownTimeZone,
  WAREHOUSE_CODE_PATTERN,
  WAREHOUSE_NAME_MAX,
  warehouseMessages,
} from './warehouse-texts.ts';

// Warehouses (issue 32 #2): the places a part's stock lives in, each with a daily shipping cutoff
// in its own time zone. A part's `availableQuantity` stays the sum of its warehouses' stock, so
// every rule of the spec (and the guarantee that nothing is sold twice) holds unchanged; an order
// takes its stock from one warehouse when one holds every line, else from the fewest, and says
// which.

/** A warehouse, as `GET /api/warehouses` lists it (in the shop's order of preference). */
export const warehouse = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string(),
  /** The local time ("16:00") until which an order ships the same working day. */
  cutoff: z.string(),
  timeZone: z.string(),
  /** ISO weekdays it ships on: 1 is Monday, 7 is Sunday. */
  workingDays: z.array(z.number().int()),
  /** Its place in the shop's order of preference (lowest first): an order is taken from the first that can. */
  position: z.number().int(),
});
export type Warehouse = z.infer<typeof warehouse>;

export const warehouseList = z.array(warehouse);
export type WarehouseList = z.infer<typeof warehouseList>;

const text = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(WAREHOUSE_NAME_MAX, message);
export const warehouseCode = z
  .string({ error: warehouseMessages.code })
  .trim()
  .toUpperCase()
  .regex(WAREHOUSE_CODE_PATTERN, warehouseMessages.code);

const warehouseFields = {
  name: text(warehouseMessages.name),
  city: text(warehouseMessages.city),
  cutoff: z
    .string({ error: warehouseMessages.cutoff })
    .regex(CUTOFF_PATTERN, warehouseMessages.cutoff),
  timeZone: z
    .string({ error: warehouseMessages.timeZone })
    .refine(knownTimeZone, warehouseMessages.timeZone),
  workingDays: z
    .array(z.number().int().min(1).max(7), { error: warehouseMessages.workingDays })
    .min(1, warehouseMessages.workingDays)
    .max(7, warehouseMessages.workingDays)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  position: z
    .number({ error: warehouseMessages.position })
    .int(warehouseMessages.position)
    .min(0, warehouseMessages.position)
    .max(999, warehouseMessages.position),
};

/** `POST /api/admin/warehouses` */
export const warehouseBody = z.strictObject({
  code: warehouseCode,
  ...warehouseFields,
  cutoff: warehouseFields.cutoff.default('16:00'),
  workingDays: warehouseFields.workingDays.default([1, 2, 3, 4, 5]),
  position: warehouseFields.position.optional(),
});
export type WarehouseBody = z.infer<typeof warehouseBody>;
export type WarehouseInput = z.input<typeof warehouseBody>;

/** `PUT /api/admin/warehouses/{code}`: the fields given change (its code stays). */
export const updateWarehouseBody = z.strictObject({
  name: warehouseFields.name.optional(),
  city: warehouseFields.city.optional(),
  cutoff: warehouseFields.cutoff.optional(),
  timeZone: warehouseFields.timeZone.optional(),
  workingDays: warehouseFields.workingDays.optional(),
  position: warehouseFields.position.optional(),
});
export type UpdateWarehouseBody = z.infer<typeof updateWarehouseBody>;

export const warehouseParams = z.object({ code: warehouseCode });

/** What one warehouse holds of a part, and when more is expected there (null: not known). */
export const partStock = z.object({
  warehouse: z.string(),
  quantity: z.number().int(),
  restockDate: z.iso.date().nullable(),
});
export type PartStock = z.infer<typeof partStock>;

/** `PUT /api/admin/parts/{id}/stock`: sets what one warehouse holds (and its restock date, if given). */
export const setPartStockBody = z.strictObject({
  warehouse: warehouseCode,
  quantity: z
    .number({ error: partMessages.availableQuantity })
    .int(partMessages.availableQuantity)
    .min(0, partMessages.availableQuantity)
    .max(PART_QUANTITY_MAX, partMessages.availableQuantity),
  restockDate: z.iso.date({ error: warehouseMessages.restockDate }).nullable().optional(),
});
export type SetPartStockBody = z.infer<typeof setPartStockBody>;

/** Where an order line's units ship from: a warehouse and how many of them. */
export const lineSource = z.object({
  warehouse: z.string(),
  name: z.string(),
  quantity: z.number().int(),
});
export type LineSource = z.infer<typeof lineSource>;
