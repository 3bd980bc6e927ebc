import { type ItemsQuery, partList } from '@axle/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { partsPageQueries } from './catalog.service.ts';
import { resolveSearch } from './search-match.service.ts';

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
  await t.db.execute(sql`ANALYZE parts`);
}, 120_000);
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
