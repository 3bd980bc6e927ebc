import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A car part. Money is kept in integer cents; the API speaks dollars. */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    img: text('img'),
    availableQuantity: integer('available_quantity').notNull(),
    minimumQuantity: integer('minimum_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('parts_available_quantity_not_negative', sql`${t.availableQuantity} >= 0`),
    check('parts_minimum_quantity_positive', sql`${t.minimumQuantity} >= 1`),
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    // The list is ordered by creation; search is a case-insensitive substring match (trigram GIN).
    index('parts_created_at_id_idx').on(t.createdAt, t.id),
    index('parts_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('parts_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
  ],
);
