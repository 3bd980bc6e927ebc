import { type ItemsQuery, partList, type SearchQuery } from '@axle/contract';
import { isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { loadReferenceData } from '../../db/seed/reference.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { partsPageQueries } from './catalog.service.ts';
import { categories } from './catalog.table.ts';
import { searchStatement, suggestQueries } from './search.service.ts';
import { categoryAndBelow, resolveSearch } from './search-match.service.ts';

// Search stays in PostgreSQL while it is indexed (ARCHITECTURE § Growing): at a distributor's size,
// a search's plan uses the trigram index, on both databases, and does not read all parts. (A word
// found in a large share of the catalogue, such as one part kind of the 15 here, may rightly be
// read by a sequential scan: PostgreSQL picks it when it is cheaper than the index, and the rows
// found are as many either way.)
let t: Awaited<ReturnType<typeof createTestApp>>;

const PARTS = 50_000;

beforeAll(async () => {
  t = await createTestApp();
  // Names from part kinds and makers, each with its own part number, and descriptions as long as
  // the demo catalogue's, as a distributor's are.
  await t.db.execute(sql`
    INSERT INTO parts (part_number, name, description, available_quantity, minimum_quantity, price_cents, created_at)
    SELECT
      'AX-' || lpad(i::text, 5, '0'),
      (ARRAY['Brake Pad Set', 'Brake Disc', 'Oil Filter', 'Air Filter', 'Spark Plug',
             'Wiper Blade', 'Timing Belt', 'Water Pump', 'Shock Absorber', 'Wheel Bearing',
             'Fuel Pump', 'Clutch Kit', 'Alternator', 'Starter Motor', 'Radiator'])[1 + i % 15]
        || ' ' || (ARRAY['Bosch', 'Brembo', 'Valeo', 'Febi', 'Mahle', 'Denso', 'Gates',
                         'Sachs', 'SKF', 'Lemförder', 'Hella'])[1 + i % 11]
        || ' AX-' || lpad(i::text, 5, '0'),
      'Fits ' || (ARRAY['VW Golf VII 1.4 TSI', 'Ford Focus III 1.0 EcoBoost', 'BMW 3 Series F30',
                        'Toyota Corolla E210', 'Renault Clio IV 0.9 TCe'])[1 + i % 5]
        || '. ' || (ARRAY['OE quality, tested to ECE R90; quiet and low-dust.',
                          'Zinc coated against corrosion, with fitting hardware.',
                          'Sold singly; fit in pairs on the same axle.'])[1 + i % 3]
        || ' Two-year warranty, fitted by any workshop in under an hour.',
      100, 1, 500 + i % 20000, now() - i * interval '1 minute'
    FROM generate_series(1, ${PARTS}) AS i
  `);
  // The catalogue's fields (issue 16): brands, a leaf category per kind, one OE number and about
  // four vehicles of the list per part.
  await loadReferenceData(t.db);
  await t.db.execute(sql`
    INSERT INTO brands (name)
    SELECT unnest(ARRAY['Bosch', 'Brembo', 'Valeo', 'Febi', 'Mahle', 'Denso', 'Gates', 'Sachs',
                        'SKF', 'Lemförder', 'Hella'])`);
  await t.db.execute(sql`
    UPDATE parts SET
      brand_id = (SELECT id FROM brands WHERE name_key = axle_fold(split_part(parts.name, ' ', 3))
                  OR name_key = axle_fold(split_part(parts.name, ' ', 4)) LIMIT 1),
      category_id = (SELECT id FROM categories WHERE parent_id IS NOT NULL
                     ORDER BY slug OFFSET (hashtext(split_part(parts.name, ' ', 1)) & 15) LIMIT 1)`);
  await t.db.execute(sql`
    INSERT INTO part_references (part_id, kind, brand, number)
    SELECT id, 'oe', 'Toyota', '04465-' || lpad((row_number() OVER (ORDER BY id))::text, 5, '0')
    FROM parts`);
  await t.db.execute(sql`
    INSERT INTO fitments (part_id, vehicle_id)
    SELECT DISTINCT p.id, v.id
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM parts) p
    CROSS JOIN generate_series(0, 3) AS k
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM vehicles) v
      ON v.i = (p.n * 7 + k * 811) % 3000`);
  for (const table of ['parts', 'brands', 'categories', 'part_references', 'fitments', 'vehicles'])
    await t.db.execute(sql.raw(`ANALYZE ${table}`));
}, 300_000);
afterAll(() => t.close());

/** PostgreSQL's plan of a statement, as text. */
async function planOf(statement: SQLWrapper): Promise<string> {
  const result = (await t.db.execute(sql`EXPLAIN ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe(`search at ${PARTS.toLocaleString('en')} parts`, () => {
  it.each<ItemsQuery>([
    { search: 'brake pad AX-00123' },
    { search: 'AX-00123' },
    { search: 'lemforder disc' },
    { search: 'bosch pump', page: 2, limit: 20 },
    { search: 'nothing like this' },
  ])('uses the trigram index for %o, rows and count', async (query) => {
    const page = partsPageQueries(t.db, query, await resolveSearch(t.db, query.search));
    for (const statement of [page.rows, page.total]) {
      const plan = await planOf(statement);
      expect(plan, plan).toContain('parts_search_trgm_idx');
      expect(plan, plan).not.toMatch(/Seq Scan on parts/);
    }
  });

  it.each<SearchQuery>([
    { q: '04465-00123' },
    { q: '0446500123' },
    { q: 'brake pad AX-00123' },
    { q: 'bosch pump', vehicle: ['vehicle'] },
    { vehicle: ['vehicle'] },
    { q: 'bosch pump', vehicle: ['vehicle', 'another'] },
    { q: 'lemforder disc', brand: 'Lemförder' },
    { q: 'oil filter bosch', inStock: 'true' },
    // Browsing: the catalogue, a brand's or a category's parts (counted in part_facet_counts).
    {},
    { page: 40, limit: 50 },
    { brand: 'Lemförder' },
    { category: 'category', inStock: 'true' },
    { category: 'category', page: 30, limit: 100 },
    { q: 'bosch pump', category: 'category' },
  ])('searches %o with indexes only: page, count and facets in one statement', async (given) => {
    const list = await t.db.select({ id: vehicles.id }).from(vehicles).limit(2);
    const [category] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(isNull(categories.parentId))
      .limit(1);
    const query = {
      ...given,
      ...(given.vehicle
        ? { vehicle: list.slice(0, given.vehicle.length).map((vehicle) => vehicle.id) }
        : {}),
      ...(given.category ? { category: category?.id } : {}),
    };
    const search = {
      ...(await resolveSearch(t.db, query.q)),
      categories: query.category ? await categoryAndBelow(t.db, query.category) : undefined,
    };
    const plan = await planOf(searchStatement(t.db, query, search));
    expect(plan, plan).not.toMatch(/Seq Scan on (parts|fitments|part_references)/);
  });

  it.each(['04465', 'brem', 'brake pad', 'oil filt'])(
    'suggests for %s with indexes only',
    async (typed) => {
      const statements = suggestQueries(t.db, typed, await resolveSearch(t.db, typed));
      for (const statement of [statements.parts, statements.brands, statements.categories]) {
        const plan = await planOf(statement);
        // The candidates of a common word may be read in table order, as the planner likes: that
        // scan stops at the 200th match (its Limit), however many parts there are.
        const unbounded = plan.replace(
          /Limit {2}\(cost=[^)]*rows=200 [^)]*\)\n\s*-> {2}Seq Scan on parts/g,
          'bounded candidates',
        );
        expect(unbounded, plan).not.toMatch(/Seq Scan on (parts|part_references)/);
      }
    },
  );

  it('finds the one part a part number names', async () => {
    // Part 135 is a brake pad set (135 % 15 = 0); part 123 is an air filter.
    const pads = await t.app.inject('/api/items?search=brake%20pad%20AX-00135');
    expect(partList.parse(pads.json()).map((part) => part.name)).toEqual([
      'Brake Pad Set Febi AX-00135',
    ]);
    const filter = await t.app.inject('/api/items?search=brake%20pad%20AX-00123');
    expect(filter.json()).toEqual([]);
  });
});
