import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { parts } from '../catalog/catalog.table.ts';

/**
 * The shop's vehicle list (seed/vehicles/vehicles.json, built from NHTSA vPIC): a make's model
 * over an unbroken run of model years, with its engine when vPIC ties one to it (`variant`,
 * e.g. "1.8L 4-cyl 2ZR-FE"; null when it does not). Garages and fitment refer to these rows.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull(),
    variant: text('variant'),
  },
  (t) => [
    check('vehicles_years_in_order', sql`${t.yearFrom} <= ${t.yearTo}`),
    unique('vehicles_make_model_variant_years_key')
      .on(t.make, t.model, t.variant, t.yearFrom)
      .nullsNotDistinct(),
    // The picker narrows by make, then model (either spelled in any case), then year: one range
    // of this index each.
    index('vehicles_make_model_years_idx').on(
      sql`lower(${t.make})`,
      sql`lower(${t.model})`,
      t.yearFrom,
      t.yearTo,
    ),
  ],
);

/** Which vehicles of the list a part fits, with a note such as "front axle". */
export const fitments = pgTable(
  'fitments',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.vehicleId] }),
    // The parts that fit a vehicle: the shop filtered by the customer's car.
    index('fitments_vehicle_id_part_id_idx').on(t.vehicleId, t.partId),
  ],
);
