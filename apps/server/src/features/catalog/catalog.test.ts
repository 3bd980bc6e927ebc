import { part, partBody, partList } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { parts } from './catalog.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/items', () => {
  it("lists the parts (all of the demo catalogue) with the fields of SPEC §3 (and its version, and the catalogue's number, brand and category), price in dollars", async () => {
    const res = await get('/api/items');
    expect(res.statusCode).toBe(200);
    const items = partList.parse(res.json());
    expect(items).toHaveLength(demoParts.length);
    expect(Object.keys(res.json()[0]).sort()).toEqual(
      [
        '_id',
        'availableQuantity',
        'description',
        'img',
        'minimumQuantity',
        'name',
        'price',
        'version',
        'partNumber',
        'brand',
        'category',
        'priceTiers',
        'stock',
        'allowBackorder',
        'backorderExpected',
        'coreCharge',
        'coreReturnDays',
      ].sort(),
    );
    const brakePads = items.find((item) => item._id === demoParts[0]?.id);
    expect(brakePads).toMatchObject({
      name: 'Ceramic Front Brake Pad Set',
      price: 18.5,
      minimumQuantity: 100,
    });
    expect(res.headers['x-total-count']).toBe(String(demoParts.length));
    // The demo catalogue fits in the first page: there is no next one.
    expect(res.headers.link).toBeUndefined();
  });

  it('lists the demo catalogue in its own order (newest first)', async () => {
    const items = partList.parse((await get('/api/items')).json());
    expect(items.map((item) => item._id)).toEqual(demoParts.map((p) => p.id));
  });

  it('searches name and description case-insensitively', async () => {
    const byName = partList.parse((await get('/api/items?search=BRAKE')).json());
    expect(byName.map((item) => item.name).sort()).toEqual([
      'Ceramic Front Brake Pad Set',
      'Vented Brake Disc 280 mm',
    ]);
    const byDescription = partList.parse((await get('/api/items?search=monsoon')).json());
    expect(byDescription.map((item) => item.name)).toEqual(['Flat Wiper Blade 24"']);
  });

  it('treats LIKE wildcards in the search term as plain characters', async () => {
    // As wildcards, 'br%ke' and 'bra_e' would match "Brake"; as plain text they match nothing.
    const percent = await get(`/api/items?search=${encodeURIComponent('br%ke')}`);
    expect(percent.json()).toEqual([]);
    expect(percent.headers['x-total-count']).toBe('0');
    const underscore = await get('/api/items?search=bra_e');
    expect(underscore.json()).toEqual([]);
    // "99.5 %" is in the air filter's description: a literal percent sign still matches.
    const literal = partList.parse(
      (await get(`/api/items?search=${encodeURIComponent('99.5 %')}`)).json(),
    );
    expect(literal.map((item) => item.name)).toEqual(['Panel Air Filter']);
  });

  it('pages the list and reports the total count in X-Total-Count', async () => {
    const first = await get('/api/items?page=1&limit=5');
    const third = await get('/api/items?page=3&limit=5');
    expect(partList.parse(first.json()).map((item) => item._id)).toEqual(
      demoParts.slice(0, 5).map((p) => p.id),
    );
    expect(partList.parse(third.json()).map((item) => item._id)).toEqual(
      demoParts.slice(10, 15).map((p) => p.id),
    );
    expect(first.headers['x-total-count']).toBe(String(demoParts.length));
    const beyond = await get('/api/items?page=99&limit=5');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(demoParts.length));
  });

  it('counts only the matches when searching and paging together', async () => {
    const res = await get('/api/items?search=filter&page=1&limit=1');
    expect(res.json()).toHaveLength(1);
    expect(res.headers['x-total-count']).toBe('2');
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    ['limit=ten', 'limit'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with a JSON 400 naming the field', async (query, field) => {
    const res = await get(`/api/items?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'invalid' } });
    expect(res.json().error.fields).toContainEqual({ path: field, message: expect.any(String) });
  });
});

describe('GET /api/item/{id}', () => {
  it('returns one part', async () => {
    const demo = demoParts[5];
    const res = await get(`/api/item/${demo?.id}`);
    expect(res.statusCode).toBe(200);
    expect(part.parse(res.json())).toMatchObject({ _id: demo?.id, name: demo?.name, price: 149 });
  });

  it('answers a malformed id with a JSON 400', async () => {
    for (const id of ['abc', '1', "1' OR '1'='1", 'c620748f-aecc-4f6f-b984-59717051772']) {
      const res = await get(`/api/item/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'invalid',
          message: expect.any(String),
          fields: [{ path: 'id', message: expect.any(String) }],
        },
      });
    }
  });

  it('answers an unknown id with a JSON 404', async () => {
    const res = await get('/api/item/0b7e4a8e-1111-4c1d-9a6b-2f0e5d9c4b11');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('demo catalogue', () => {
  it('seeds at least 12 parts with local images, many with a minimum of 100', () => {
    expect(demoParts.length).toBeGreaterThanOrEqual(12);
    expect(demoParts.filter((p) => p.minimumQuantity === 100).length).toBeGreaterThanOrEqual(6);
    for (const p of demoParts) {
      expect(p.img).toMatch(/^\/images\/parts\/[a-z0-9-]+\.svg$/);
      expect(p.minimumQuantity).toBeLessThanOrEqual(p.availableQuantity);
    }
  });

  it('gives some parts volume prices the part form would take: rising quantities, falling prices below the part’s', async () => {
    const tiered = demoParts.filter((p) => (p.catalogue.priceTiers ?? []).length > 0);
    expect(tiered.length).toBeGreaterThanOrEqual(3);
    for (const p of tiered) {
      const body = partBody.safeParse({
        name: p.name,
        description: p.description,
        img: p.img,
        availableQuantity: p.availableQuantity,
        minimumQuantity: p.minimumQuantity,
        price: p.priceCents / 100,
        priceTiers: p.catalogue.priceTiers?.map((tier) => ({
          minQuantity: tier.minQuantity,
          price: tier.priceCents / 100,
        })),
      });
      expect(body.success, `${p.name}: ${body.error?.message}`).toBe(true);
    }
    const pads = part.parse((await get(`/api/item/${tiered[0]?.id}`)).json());
    expect(pads.priceTiers.length).toBe(tiered[0]?.catalogue.priceTiers?.length);
  });

  it('seeding again inserts nothing and keeps edits', async () => {
    const first = demoParts[0]?.id ?? '';
    await t.db.update(parts).set({ availableQuantity: 7 }).where(eq(parts.id, first));
    expect(await seedDemo(t.db)).toEqual({ parts: 0, reviews: 0 });
    const res = await get('/api/items');
    expect(res.json()).toHaveLength(demoParts.length);
    expect(part.parse((await get(`/api/item/${first}`)).json()).availableQuantity).toBe(7);
  });
});
