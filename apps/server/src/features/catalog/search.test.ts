import { categoryList, partDetail, searchReply, suggestReply } from '@axle/contract';
import { and, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { categories, parts } from './catalog.table.ts';

// One search box finds the part (issue 16 #4), on the demo catalogue: real-looking numbers of
// real brands, their OE numbers, categories and the four workshop cars they fit.
let t: Awaited<ReturnType<typeof createTestApp>>;

const byName = (name: string) => {
  const part = demoParts.find((p) => p.name === name);
  if (!part) throw new Error(`no demo part ${name}`);
  return part;
};
const brakePads = byName('Ceramic Front Brake Pad Set');
const sparkPlug = byName('Iridium Spark Plug');
const airFilter = byName('Panel Air Filter');

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  // A part whose name spells the pads' OE number: found by words, but after the exact number.
  await t.db.insert(parts).values({
    name: 'Anti-squeal shims for 04465-02220 pads',
    description: 'Fits the pads of the number in the name.',
    availableQuantity: 10,
    minimumQuantity: 1,
    priceCents: 300,
  });
  // A part that names a brand in its description only: found, after the brand's own parts.
  await t.db.insert(parts).values({
    name: 'Caliper Guide Pin Kit',
    description: 'Greased pins and boots for Brembo and ATE calipers.',
    availableQuantity: 10,
    minimumQuantity: 1,
    priceCents: 900,
  });
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.inject(`/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return searchReply.parse(res.json());
}
const q = (text: string) => search(`q=${encodeURIComponent(text)}`);
const names = (reply: { items: { name: string }[] }) => reply.items.map((item) => item.name);

/** The ids of the list's vehicles of a make and model in a model year (every engine). */
async function vehicleIds(make: string, model: string, year: number): Promise<string[]> {
  const rows = await t.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.make, make),
        eq(vehicles.model, model),
        lte(vehicles.yearFrom, year),
        gte(vehicles.yearTo, year),
      ),
    );
  return rows.map((row) => row.id);
}

describe('GET /api/search: numbers', () => {
  it.each(['04465-02220', '0446502220', '04465 02220', '04465.02220', '04465/02220'])(
    'finds the part whose OE number is %s, first',
    async (number) => {
      const reply = await q(number);
      expect(reply.items[0]?._id).toBe(brakePads.id);
    },
  );

  it("finds a part by its own number in any spelling, and by another brand's (cross-reference)", async () => {
    for (const number of ['P 83 140', 'p83140', 'P-83-140', 'GDB3425', 'gdb 3425'])
      expect((await q(number)).items[0]?._id, number).toBe(brakePads.id);
  });

  it('puts the exact number before a part that only names it', async () => {
    const reply = await q('04465-02220');
    expect(names(reply)).toEqual([brakePads.name, 'Anti-squeal shims for 04465-02220 pads']);
  });

  it('finds numbers by their start while typing', async () => {
    expect((await q('04465-0')).items.map((item) => item._id)).toContain(brakePads.id);
    expect((await q('ILKAR7')).items[0]?._id).toBe(sparkPlug.id);
  });
});

describe('GET /api/search: words', () => {
  it('needs every word, in any order, over name, brand, category and description', async () => {
    for (const words of ['ceramic brake pad', 'pad ceramic brake', 'brembo pads front'])
      expect(names(await q(words)), words).toEqual([brakePads.name]);
    // "Ignition" is the spark plug's category (Ignition › Spark plugs), NGK its brand.
    expect(names(await q('ignition ngk'))).toEqual([sparkPlug.name]);
    expect((await q('ceramic disc')).total).toBe(0);
  });

  it('matches the start of words', async () => {
    expect(names(await q('irid'))).toEqual([sparkPlug.name]);
    expect(names(await q('mann panel'))).toEqual([airFilter.name]);
  });

  it('ranks name and brand hits before category and description ones', async () => {
    // The pads and the disc are Brembo's; the newer pin kit only names Brembo in its description.
    const reply = await q('brembo');
    expect(reply.items.map((item) => item.brand)).toEqual(['Brembo', 'Brembo', null]);
    expect(reply.items[2]?.name).toBe('Caliper Guide Pin Kit');
  });

  it('answers a misspelled search with the closest spelling and its parts', async () => {
    const reply = await q('iridum plug');
    expect(reply.didYouMean).toBe('iridium plug');
    expect(names(reply)).toEqual([sparkPlug.name]);
    const alternator = await q('altenator');
    expect(alternator.didYouMean).toBe('alternator');
    expect(alternator.total).toBe(1);
  });

  it('gives no spelling for a search that matches as typed, nor for gibberish', async () => {
    expect((await q('iridium')).didYouMean).toBeUndefined();
    const nothing = await q('qqxzzv');
    expect(nothing).toEqual({ items: [], total: 0, facets: { brands: [], categories: [] } });
  });
});

describe('GET /api/search: filters and facets', () => {
  it('gives facets that agree with the results', async () => {
    const reply = await q('brake');
    expect(reply.total).toBe(reply.items.length);
    const brandCounts = new Map<string, number>();
    const categoryCounts = new Map<string, number>();
    for (const item of reply.items) {
      if (item.brand) brandCounts.set(item.brand, (brandCounts.get(item.brand) ?? 0) + 1);
      if (item.category)
        categoryCounts.set(item.category.id, (categoryCounts.get(item.category.id) ?? 0) + 1);
    }
    expect(new Map(reply.facets.brands.map((b) => [b.name, b.count]))).toEqual(brandCounts);
    expect(new Map(reply.facets.categories.map((c) => [c.id, c.count]))).toEqual(categoryCounts);
  });

  it('browsing without words counts from the kept facet counts, and they follow every write', async () => {
    /** Brand and category counts of the parts in a reply, as its facets should give them. */
    const countsOf = (reply: Awaited<ReturnType<typeof search>>) => {
      const brandCounts = new Map<string, number>();
      const categoryCounts = new Map<string, number>();
      for (const item of reply.items) {
        if (item.brand) brandCounts.set(item.brand, (brandCounts.get(item.brand) ?? 0) + 1);
        if (item.category)
          categoryCounts.set(item.category.id, (categoryCounts.get(item.category.id) ?? 0) + 1);
      }
      return { brandCounts, categoryCounts };
    };
    // Each read asks for a page size of its own: a URL read before may be answered by the reply
    // cache until PostgreSQL's notice of the write arrives.
    let limit = 100;
    const agrees = async (query: string) => {
      const reply = await search(`${query}&limit=${limit--}`);
      const { brandCounts, categoryCounts } = countsOf(reply);
      expect(reply.total, query).toBe(reply.items.length);
      expect(new Map(reply.facets.brands.map((b) => [b.name, b.count])), query).toEqual(
        brandCounts,
      );
      expect(new Map(reply.facets.categories.map((c) => [c.id, c.count])), query).toEqual(
        categoryCounts,
      );
      return reply;
    };
    const all = await agrees('');
    expect(all.total).toBe(demoParts.length + 2);
    // Newest first, as the catalogue's list.
    const listed = (await t.app.inject('/api/items?limit=100')).json() as { _id: string }[];
    expect(all.items.map((item) => item._id)).toEqual(listed.map((item) => item._id));
    await agrees('brand=bosch');
    const tree = categoryList.parse((await t.app.inject('/api/categories')).json());
    const brakes = tree.find((c) => c.slug === 'brakes');
    expect((await agrees(`category=${brakes?.id}`)).total).toBe(2);

    // A part sold out, one added and one removed: the counts follow.
    const inStockBefore = (await agrees('inStock=true')).total;
    await t.db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, airFilter.id));
    expect((await agrees('inStock=true')).total).toBe(inStockBefore - 1);
    const [added] = await t.db
      .insert(parts)
      .values({
        name: 'Brake Fluid DOT 4',
        description: 'A litre.',
        availableQuantity: 5,
        minimumQuantity: 1,
        priceCents: 700,
        categoryId: brakes?.id,
      })
      .returning({ id: parts.id });
    expect((await agrees(`category=${brakes?.id}`)).total).toBe(3);
    await t.db.delete(parts).where(eq(parts.id, added?.id ?? ''));
    expect((await agrees(`category=${brakes?.id}`)).total).toBe(2);
    await t.db.update(parts).set({ availableQuantity: 25 }).where(eq(parts.id, airFilter.id));
    expect((await agrees('inStock=true')).total).toBe(inStockBefore);
    expect((await agrees('')).total).toBe(demoParts.length + 2);
  });

  it('filters by brand (any case), by a category and the ones below it, and by stock', async () => {
    const brembo = await search('brand=BREMBO');
    expect(brembo.total).toBe(2);
    expect(brembo.items.every((item) => item.brand === 'Brembo')).toBe(true);
    const tree = categoryList.parse((await t.app.inject('/api/categories')).json());
    const brakes = tree.find((c) => c.slug === 'brakes');
    const pads = tree.find((c) => c.slug === 'brake-pads');
    expect(pads?.parentId).toBe(brakes?.id);
    const underBrakes = await search(`category=${brakes?.id}`);
    expect(underBrakes.items.map((item) => item.category?.slug).sort()).toEqual([
      'brake-discs',
      'brake-pads',
    ]);
    expect((await search(`category=${pads?.id}`)).items.map((item) => item._id)).toEqual([
      brakePads.id,
    ]);

    await t.db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, sparkPlug.id));
    expect((await search('q=spark')).total).toBe(1);
    expect((await search('q=spark&inStock=true')).total).toBe(0);
  });

  it('finds only parts that fit the vehicle', async () => {
    const [golf] = await vehicleIds('Volkswagen', 'Golf', 2018);
    const fitting = await search(`vehicle=${golf}`);
    const golfParts = demoParts
      .filter((part) => part.catalogue.fits.some((fit) => fit.model === 'Golf'))
      .map((part) => part.id)
      .sort();
    expect(fitting.items.map((item) => item._id).sort()).toEqual(golfParts);
    const corolla = await vehicleIds('Toyota', 'Corolla', 2015);
    for (const id of corolla) {
      const pads = await search(`vehicle=${id}&q=${encodeURIComponent('04465-02220')}`);
      expect(pads.items.map((item) => item._id)).toEqual([brakePads.id]);
    }
    const [focus] = await vehicleIds('Ford', 'Focus', 2012);
    expect((await search(`vehicle=${focus}&q=04465-02220`)).total).toBe(0);
  });

  it('refuses parameters it does not take and malformed ids (400)', async () => {
    for (const query of ['sort=name', 'vehicle=nope', 'category=12', 'inStock=yes', 'limit=0']) {
      const res = await t.app.inject(`/api/search?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests parts, brands and categories from the first letters', async () => {
    const res = await t.app.inject('/api/search/suggest?q=brem');
    expect(res.statusCode).toBe(200);
    const reply = suggestReply.parse(res.json());
    expect(reply.brands).toEqual([{ name: 'Brembo' }]);
    expect(reply.parts.map((part) => part.brand)).toEqual(['Brembo', 'Brembo', null]);
    const brake = suggestReply.parse((await t.app.inject('/api/search/suggest?q=brake')).json());
    expect(brake.categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['brakes', 'brake-pads', 'brake-discs']),
    );
    const number = suggestReply.parse((await t.app.inject('/api/search/suggest?q=04465')).json());
    expect(number.parts[0]).toMatchObject({ _id: brakePads.id, partNumber: 'P 83 140' });
  });

  it('needs something typed', async () => {
    expect((await t.app.inject('/api/search/suggest?q=')).statusCode).toBe(400);
  });
});

describe('GET /api/parts/{partNumber}', () => {
  it('answers the part a number names, in any spelling, with everything the catalogue knows', async () => {
    for (const number of ['P 83 140', 'p-83-140', 'P83140']) {
      const res = await t.app.inject(`/api/parts/${encodeURIComponent(number)}`);
      expect(res.statusCode, number).toBe(200);
      const part = partDetail.parse(res.json());
      expect(part).toMatchObject({
        _id: brakePads.id,
        partNumber: 'P 83 140',
        brand: 'Brembo',
        oeNumbers: [{ brand: 'Toyota', number: '04465-02220' }],
        category: { slug: 'brake-pads', path: [{ slug: 'brakes' }, { slug: 'brake-pads' }] },
      });
      expect(part.fitment.groups.map((g) => g.make)).toEqual(['Toyota']);
    }
    expect((await t.app.inject('/api/parts/NO-SUCH-1')).statusCode).toBe(404);
  });
});

describe("a part's category path", () => {
  it('follows a renamed or moved category, on the part and every part below it', async () => {
    const categoryOf = async () => {
      const res = await t.app.inject(`/api/item/${brakePads.id}`);
      return partDetail.parse(res.json()).category;
    };
    const [brakes] = await t.db.select().from(categories).where(eq(categories.slug, 'brakes'));
    const [pads] = await t.db.select().from(categories).where(eq(categories.slug, 'brake-pads'));
    if (!brakes || !pads) throw new Error('the demo categories are missing');
    try {
      // A parent renamed: the path of a part in its child says so.
      // Changed behind the shop's back: its cache hears of it by the database's notification,
      // which on a PostgreSQL server arrives a moment later (ADR 007: never more than 1 s).
      await t.db.update(categories).set({ name: 'Braking' }).where(eq(categories.id, brakes.id));
      await expect.poll(categoryOf).toEqual({
        id: pads.id,
        name: 'Brake pads',
        slug: 'brake-pads',
        path: [
          { id: brakes.id, name: 'Braking', slug: 'brakes' },
          { id: pads.id, name: 'Brake pads', slug: 'brake-pads' },
        ],
      });
      // The child made a root: its path is itself alone.
      await t.db.update(categories).set({ parentId: null }).where(eq(categories.id, pads.id));
      await expect
        .poll(async () => (await categoryOf())?.path)
        .toEqual([{ id: pads.id, name: 'Brake pads', slug: 'brake-pads' }]);
    } finally {
      await t.db.update(categories).set({ name: brakes.name }).where(eq(categories.id, brakes.id));
      await t.db.update(categories).set({ parentId: brakes.id }).where(eq(categories.id, pads.id));
    }
    expect((await categoryOf())?.path.map((step) => step.name)).toEqual([
      brakes.name,
      'Brake pads',
    ]);
  });
});
