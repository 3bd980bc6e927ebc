import type { CategoryRef } from '@axle/contract';
import { CORE_RETURN_DAYS_DEFAULT, CORE_RETURN_DAYS_MAX } from '@axle/contract/core-texts';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/trigram-index.ts';

/**
 * Text as search compares it: lower case, accents removed (`Bremsbelág` is `bremsbelag`, `ß` is
 * `ss`), by `axle_fold`, the IMMUTABLE wrapper over `unaccent` that migration 0007 creates (a
 * generated column may only call immutable functions).
 */
export const folded = (text: SQLWrapper): SQL => sql`axle_fold(${text})`;

/**
 * A part number as search compares it: lower case, without spaces, dashes, dots or slashes
 * (`04465-02220`, `0446502220` and `04465 02220` are all `0446502220`), by `axle_number_key`,
 * migration 0012's IMMUTABLE function; `numberKey` in the contract is its twin for what is typed.
 */
export const numberKey = (text: SQLWrapper): SQL => sql`axle_number_key(${text})`;

/** The shop's own part numbers for parts added without one: AX-000001, AX-000002… */
export const partNumbers = pgSequence('part_numbers');

/** A maker of parts (Bosch, Brembo) or of vehicles whose OE numbers parts carry (Toyota). */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The name folded (case, accents): one brand however it is typed, found by search. */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => folded(brands.name)),
  },
  (t) => [
    uniqueIndex('brands_name_key_idx').on(t.nameKey),
    // Suggestions: brands whose name starts with what is typed.
    index('brands_name_key_prefix_idx').on(t.nameKey.op('text_pattern_ops')),
  ],
);

/**
 * The words of the catalogue's names and brands (migration 0013's trigger adds a part's as it is
 * written): a search that finds nothing looks here for the closest spelling of each word (pg_trgm).
 */
export const searchTerms = pgTable(
  'search_terms',
  { term: text('term').primaryKey() },
  // GiST, so that the closest spelling is found by the index's distance order (`<->`).
  (t) => [index('search_terms_trgm_idx').using('gist', t.term.op('gist_trgm_ops'))],
);

/**
 * The catalogue's category tree (Brakes › Brake pads): a category without a parent is a root.
 * `slug` names it in URLs (/categories/brake-pads).
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /**
     * The category as the API shows it beside a part, its path from the root included: kept by
     * migration 0015's triggers (the default is never what is stored), so that a page of parts
     * reads its categories by a join rather than a climb up the tree for each.
     */
    ref: jsonb('ref').$type<CategoryRef>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex('categories_slug_idx').on(t.slug),
    index('categories_parent_id_idx').on(t.parentId),
  ],
);

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
    /** Unique; the shop numbers a part added without one from the `part_numbers` sequence. */
    partNumber: text('part_number')
      .notNull()
      .default(sql`'AX-' || lpad(nextval('part_numbers')::text, 6, '0')`),
    /**
     * The part number as search compares it (`numberKey`): unique too, so no two spellings of one
     * number. Set from `part_number` by the `parts_search_columns` trigger (migration 0017), not
     * generated: PostgreSQL counts a generated column as changed by every UPDATE of a table with a
     * BEFORE ROW trigger, so a stock update would lock the part as if its key changed and block
     * the foreign-key checks of cart and order lines.
     */
    partNumberKey: text('part_number_key').notNull().default(''),
    brandId: uuid('brand_id').references(() => brands.id),
    /** A leaf or an inner category of the tree. */
    categoryId: uuid('category_id').references(() => categories.id),
    weightGrams: integer('weight_grams'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What search looks for words in: the name, brand, part number, category path and
     * description, folded (`folded`) once when the part is written rather than for every row a
     * search reads (that halved a common word's search at 250,000 parts). Kept by migration
     * 0013's trigger for whatever writes a part (and when a brand or category is renamed); one
     * space apart, so a word cannot match across two of them.
     */
    searchText: text('search_text').notNull().default(''),
    /** Name and brand folded: a part whose name or brand holds every word ranks first. */
    searchName: text('search_name').notNull().default(''),
    /**
     * The part that replaces this one (issue 32 #1): its maker superseded the number. Chains
     * (A → B → C) lead to the newest, `newest_part(id)` of migration 0027, whose trigger refuses a
     * chain that would come back to a part (a cycle). The old part stays sellable down to zero.
     */
    supersededBy: uuid('superseded_by').references((): AnyPgColumn => parts.id, {
      onDelete: 'set null',
    }),
    /**
     * An order above the stock is accepted for the rest when a restock date is known (issue 32
     * #3): its line keeps how many units are backordered until the stock is raised.
     */
    allowBackorder: boolean('allow_backorder').notNull().default(false),
    /**
     * The deposit on an exchange part (issue 32 #4: a starter, a caliper), per unit, in cents:
     * charged with every unit ordered and refunded with a credit note when the old part (the core)
     * comes back within `coreReturnDays` of the order being paid. Null: no core charge.
     */
    coreChargeCents: integer('core_charge_cents'),
    coreReturnDays: integer('core_return_days').notNull().default(CORE_RETURN_DAYS_DEFAULT),
    /**
     * Below this stock the part is low (issue 33 #4); null: twice its minimum order. Migration
     * 0033's trigger records each crossing for the admins' daily mail.
     */
    reorderPoint: integer('reorder_point'),
  },
  (t) => [
    check('parts_available_quantity_not_negative', sql`${t.availableQuantity} >= 0`),
    check('parts_minimum_quantity_positive', sql`${t.minimumQuantity} >= 1`),
    check('parts_price_positive', sql`${t.priceCents} > 0`),
    // The list is ordered by creation; search matches words as substrings (trigram GIN).
    index('parts_created_at_id_idx').on(t.createdAt, t.id),
    trigramIndex('parts_search_trgm_idx', t.searchText.op('gin_trgm_ops')),
    check('parts_weight_positive', sql`${t.weightGrams} > 0`),
    // Exact numbers and their prefixes (text_pattern_ops serves LIKE 'abc%').
    uniqueIndex('parts_part_number_key_idx').on(t.partNumberKey.op('text_pattern_ops')),
    // A brand's or a category's parts, newest first (browsing them pages through these).
    index('parts_brand_id_created_at_idx').on(t.brandId, t.createdAt, t.id),
    index('parts_category_id_created_at_idx').on(t.categoryId, t.createdAt, t.id),
    // What a part replaces: the few parts superseded by it.
    index('parts_superseded_by_idx').on(t.supersededBy).where(sql`${t.supersededBy} is not null`),
    check('parts_core_charge_positive', sql`${t.coreChargeCents} > 0`),
    check(
      'parts_reorder_point_range',
      sql`${t.reorderPoint} >= 0 and ${t.reorderPoint} <= 1000000`,
    ),
    check(
      'parts_core_return_days_range',
      sql`${t.coreReturnDays} between 1 and ${sql.raw(String(CORE_RETURN_DAYS_MAX))}`,
    ),
    check('parts_not_superseded_by_itself', sql`${t.supersededBy} <> ${t.id}`),
  ],
);

/**
 * A part's volume prices (issue 17 #6): from `minQuantity` on, each unit costs `priceCents`
 * instead of the part's price. The server applies the tier of the largest `minQuantity` a line
 * reaches, whatever a client says.
 */
export const partPriceTiers = pgTable(
  'part_price_tiers',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.minQuantity] }),
    check('part_price_tiers_min_quantity', sql`${t.minQuantity} >= 2`),
    check('part_price_tiers_price_positive', sql`${t.priceCents} > 0`),
  ],
);

/**
 * How many parts each brand × category × in-stock combination holds, kept by migration 0014's
 * statement-level triggers for whatever writes parts (the shop, an import, the generator, psql),
 * spread over a few shards by the writing connection as `row_counts` is. A search without words,
 * numbers or a vehicle (the catalogue, a brand's or a category's page) reads its total and facets
 * here, a few hundred rows, instead of counting every part it matches.
 */
export const partFacetCounts = pgTable(
  'part_facet_counts',
  {
    brandId: uuid('brand_id'),
    categoryId: uuid('category_id'),
    inStock: boolean('in_stock').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('part_facet_counts_key')
      .on(t.brandId, t.categoryId, t.inStock, t.shard)
      .nullsNotDistinct(),
  ],
);

/**
 * Other numbers of a part: its vehicle maker's original (`oe`: Toyota 04465-02220) and other
 * brands' numbers for the same part (`cross`: TRW GDB3425). Search finds a part by any of them.
 */
export const partReferences = pgTable(
  'part_references',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['oe', 'cross'] }).notNull(),
    brand: text('brand').notNull(),
    number: text('number').notNull(),
    numberKey: text('number_key')
      .notNull()
      .generatedAlwaysAs((): SQL => numberKey(partReferences.number)),
  },
  (t) => [
    primaryKey({ columns: [t.partId, t.kind, t.brand, t.number] }),
    check('part_references_kind', sql`${t.kind} in ('oe', 'cross')`),
    index('part_references_number_key_idx').on(t.numberKey.op('text_pattern_ops'), t.partId),
  ],
);

/** A part's facts ("Diameter 280 mm"), in the order they are shown. */
export const partAttributes = pgTable(
  'part_attributes',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    unit: text('unit'),
  },
  (t) => [primaryKey({ columns: [t.partId, t.position] })],
);
