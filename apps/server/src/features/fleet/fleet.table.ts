import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/**
 * A company's fleet (issue 32 #5): its vehicles by VIN, decoded when added (year, make, model,
 * engine) and, when the VIN tells which, the vehicle of the shop's list it is. `label` is what
 * people read, kept on write: its name, else year, make and model, with its plate.
 */
export const fleetVehicles = pgTable(
  'fleet_vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    vin: text('vin').notNull(),
    plate: text('plate'),
    name: text('name'),
    year: integer('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    engine: text('engine'),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id),
    label: text('label').notNull(),
    mileageKm: integer('mileage_km'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fleet_vehicles_company_id_vin_idx').on(t.companyId, t.vin),
    index('fleet_vehicles_company_id_created_at_idx').on(t.companyId, t.createdAt),
    check('fleet_vehicles_mileage', sql`${t.mileageKm} is null or ${t.mileageKm} >= 0`),
  ],
);
