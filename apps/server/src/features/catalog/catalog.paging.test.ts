import { LIST_PAGE_MAX, PAGE_OFFSET_MAX, partList } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { parts } from './catalog.table.ts';

// The catalogue is never sent whole (PRODUCT §5): a page at a time, 100 parts without `limit`.
let t: Awaited<ReturnType<typeof createTestApp>>;

/** More parts than two default pages hold; part 1 is the newest. */
const PARTS = 2 * LIST_PAGE_MAX + 5;
const names = Array.from({ length: PARTS }, (_, index) => `Wheel Bolt M12 no. ${index + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  const newest = Date.UTC(2026, 5, 1);
  await t.db.insert(parts).values(
    names.map((name, index) => ({
      name,
      description: 'Zinc-flake coated, 60° taper seat.',
      availableQuantity: 1000,
      minimumQuantity: 10,
      priceCents: 95,
      createdAt: new Date(newest - index * 60_000),
    })),
  );
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const namesOf = (body: unknown) => partList.parse(body).map((part) => part.name);
/** The address in a `Link: <address>; rel="next"` header. */
const nextOf = (link: unknown) => {
  expect(link).toMatch(/^<[^>]+>; rel="next"$/);
  return String(link).slice(1, String(link).indexOf('>'));
};

describe('GET /api/items pages', () => {
  it('answers the first 100 parts without paging parameters, with the total and the next page', async () => {
    const res = await get('/api/items');
    expect(res.statusCode).toBe(200);
    expect(namesOf(res.json())).toEqual(names.slice(0, LIST_PAGE_MAX));
    expect(res.headers['x-total-count']).toBe(String(PARTS));
    expect(res.headers.link).toBe('</api/items?page=2>; rel="next"');
  });

  it('reaches every part by following Link, and the last page has none', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/items';
    let pages = 0;
    while (url !== undefined) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      seen.push(...namesOf(res.json()));
      url = res.headers.link === undefined ? undefined : nextOf(res.headers.link);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(names);
  });

  it('keeps the limit in the next link', async () => {
    const res = await get('/api/items?limit=6&page=4');
    expect(namesOf(res.json())).toEqual(names.slice(18, 24));
    expect(res.headers.link).toBe('</api/items?page=5&limit=6>; rel="next"');
  });

  it('sends the same headers when the page comes from the reply cache', async () => {
    const first = await get('/api/items?limit=50');
    const again = await get('/api/items?limit=50');
    expect(again.body).toBe(first.body);
    expect(again.headers['x-total-count']).toBe(String(PARTS));
    expect(again.headers.link).toBe('</api/items?page=2&limit=50>; rel="next"');
  });

  it('has no next link when the only page holds everything', async () => {
    const res = await get('/api/items?search=bolt%2017');
    // Parts 17, 117 and 170 to 179.
    expect(namesOf(res.json())).toHaveLength(12);
    expect(res.headers['x-total-count']).toBe('12');
    expect(res.headers.link).toBeUndefined();
  });

  it.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=10001', 'page'],
    ['limit=1000', 'limit'],
    ['limit=-5', 'limit'],
    ['sort=name', 'sort'],
  ])('refuses %s with a JSON 400 naming the parameter', async (query, name) => {
    const res = await get(`/api/items?${query}`);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid');
    // The schema's refusals name it in `fields`; the server's own rules (how far a page may go)
    // in their words.
    if (error.fields)
      expect(error.fields.map((field: { path: string }) => field.path)).toContain(name);
    else expect(error.message).toContain(name);
  });
});

describe('pages by number reach the first 10,000 parts, no deeper', () => {
  it('refuses a page past them with a 400 that says to search, and links no further than them', async () => {
    const deep = await get('/api/items?page=101');
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error.message).toMatch(/page is too far into the list.*search/);
    expect((await get('/api/items?limit=9&page=1113')).statusCode).toBe(400);
    // 205 parts: with pages of 1, page 10,000 is past the end (an empty page) but within reach.
    expect((await get('/api/items?limit=1&page=10000')).statusCode).toBe(200);

    // Enough parts to reach the limit: the last reachable page has no next link.
    await t.db.execute(sql`
      INSERT INTO parts (name, description, available_quantity, minimum_quantity, price_cents, created_at)
      SELECT 'Deep Stud ' || i, 'Filler', 1, 1, 100, now() - interval '1 year' - i * interval '1 second'
      FROM generate_series(1, ${PAGE_OFFSET_MAX}) AS i
    `);
    const last = await get('/api/items?page=100');
    expect(last.statusCode).toBe(200);
    expect(namesOf(last.json())).toHaveLength(LIST_PAGE_MAX);
    expect(Number(last.headers['x-total-count'])).toBeGreaterThan(PAGE_OFFSET_MAX);
    expect(last.headers.link).toBeUndefined();
    expect((await get('/api/items?page=99')).headers.link).toBe(
      '</api/items?page=100>; rel="next"',
    );
  });
});
