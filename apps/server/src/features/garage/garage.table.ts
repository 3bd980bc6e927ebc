import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/**
 * A customer's vehicles (My garage, issue 16 #3): a vehicle of the list in one model year of its
 * range. At most one is current: the one the shop filters by until it is cleared.
 */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    year: integer('year').notNull(),
    current: boolean('current').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vehicleId, t.year] }),
    uniqueIndex('garage_vehicles_one_current_idx').on(t.userId).where(sql`${t.current}`),
    check('garage_vehicles_year', sql`${t.year} between 1900 and 2999`),
  ],
);
