import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Text as search compares it: lower case, accents removed (`Bremsbelág` is `bremsbelag`, `ß` is
 * `ss`), by `axle_fold`, the IMMUTABLE wrapper over `unaccent` that migration 0007 creates (an
 * index expression may only call immutable functions).
 */
export const folded = (text: SQLWrapper | SQL): SQL => sql`axle_fold(${text})`;

/**
 * What a search word is looked for in: a part's name and description folded, one space apart (a
 * word never holds a space, so it cannot match across the two). The index is on this very
 * expression, so queries must build it here, with the space written in the SQL, not a parameter.
 */
export const partSearchText = (name: SQLWrapper, description: SQLWrapper): SQL =>
  folded(sql`${name} || ' ' || ${description}`);

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
    // The list is ordered by creation. Search matches each word as a substring of the part's
    // folded text (see partSearchText): a trigram GIN index on exactly that expression.
    index('parts_created_at_id_idx').on(t.createdAt, t.id),
    index('parts_search_trgm_idx').using(
      'gin',
      sql`${partSearchText(t.name, t.description)} gin_trgm_ops`,
    ),
  ],
);
