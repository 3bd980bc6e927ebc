import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

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
