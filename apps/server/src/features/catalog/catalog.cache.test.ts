import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  fitmentGroups,
  insertedPartReply,
  type Part,
  part,
  partList,
  placeOrderReply,
} from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caughtUp, nextChange } from '../../../test/changes.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { versionOf } from '../../../test/parts.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { REPLY_CACHE_TTL_MS } from '../../http/reply-cache.ts';
import { parts } from './catalog.table.ts';

// The catalogue is served from memory. The app's clock stands still in these tests, so a cached
// reply never expires by itself here: a change shows only because the write emptied the cache,
// and it must show at once, to the writer and to everyone after.
let clock = Date.now();
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let customer: Customer;

const brakePads = demoParts[0]?.id ?? '';
const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Dhaka',
  address: '3 Kemal Ataturk Ave',
};
/** Every cached view of the catalogue a visitor may have loaded: list, search, page, part. */
const views = [
  '/api/items',
  '/api/items?search=brake',
  '/api/items?page=1&limit=3',
  `/api/item/${brakePads}`,
];

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** The brake pads as each view shows them. */
const shown = async (): Promise<(Part | undefined)[]> =>
  Promise.all(
    views.map(async (url) => {
      const body = (await get(url)).json();
      return Array.isArray(body)
        ? partList.parse(body).find((item) => item._id === brakePads)
        : part.parse(body);
    }),
  );
/** An admin's edit of the brake pads: the demo part with `changes`. */
const editBrakePads = async (changes: Partial<Part>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/item/${brakePads}`,
    headers: { ...admin.headers, 'if-match': await versionOf(t.app, brakePads) },
    payload: {
      name: demoParts[0]?.name,
      description: demoParts[0]?.description,
      img: demoParts[0]?.img,
      availableQuantity: 2400,
      minimumQuantity: 100,
      price: 18.5,
      ...changes,
    },
  });

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await seedDemo(t.db);
  admin = await signInAdmin(t.app, t.db);
  customer = await signUp(t.app, 'cached');
});
afterAll(() => t.close());

describe('the cached catalogue after a write', () => {
  it('shows the stock an order took at once, and the stock a cancellation gave back', async () => {
    const before = await shown();
    expect(before.map((p) => p?.availableQuantity)).toEqual([2400, 2400, 2400, 2400]);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: customer.headers,
      payload: { partsId: brakePads, quantity: 150, ...shipping },
    });
    expect(placed.statusCode).toBe(201);
    expect((await shown()).map((p) => p?.availableQuantity)).toEqual([2250, 2250, 2250, 2250]);

    const { insertedId } = placeOrderReply.parse(placed.json());
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${insertedId}`,
      headers: customer.headers,
    });
    expect(cancelled.json()).toMatchObject({ deletedCount: 1 });
    expect((await shown()).map((p) => p?.availableQuantity)).toEqual([2400, 2400, 2400, 2400]);
  });

  it("shows an admin's new price at once", async () => {
    expect((await shown()).map((p) => p?.price)).toEqual([18.5, 18.5, 18.5, 18.5]);
    expect((await editBrakePads({ price: 17.25 })).statusCode).toBe(200);
    expect((await shown()).map((p) => p?.price)).toEqual([17.25, 17.25, 17.25, 17.25]);
    expect((await editBrakePads({ price: 18.5 })).statusCode).toBe(200);
  });

  it('lists a part an admin adds at once, first, with the new total', async () => {
    const before = await get('/api/items?page=1&limit=3');
    expect(before.headers['x-total-count']).toBe(String(demoParts.length));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/items',
      headers: admin.headers,
      payload: {
        name: 'Cached Glow Plug',
        description: 'Added while the first page was cached.',
        img: null,
        availableQuantity: 300,
        minimumQuantity: 20,
        price: 6.4,
      },
    });
    const { insertedId } = insertedPartReply.parse(added.json());
    const after = await get('/api/items?page=1&limit=3');
    expect(after.headers['x-total-count']).toBe(String(demoParts.length + 1));
    expect(partList.parse(after.json())[0]?._id).toBe(insertedId);
    await t.db.delete(parts).where(eq(parts.id, insertedId));
  });

  it('serves a change another process wrote to the database once its notification arrives', async () => {
    await caughtUp(t.database);
    expect((await shown())[0]?.minimumQuantity).toBe(100);
    // As the CLI or psql would: no request of this instance made the change.
    const heard = await nextChange(t.database, 'parts');
    await t.db.update(parts).set({ minimumQuantity: 120 }).where(eq(parts.id, brakePads));
    await heard();
    expect((await shown()).map((p) => p?.minimumQuantity)).toEqual([120, 120, 120, 120]);
    expect((await editBrakePads({ minimumQuantity: 100 })).statusCode).toBe(200);
  });

  it(`never serves a reply older than ${REPLY_CACHE_TTL_MS} ms, even when a notification is lost`, async () => {
    await caughtUp(t.database);
    expect((await shown())[0]?.price).toBe(18.5);
    // A change whose notification never comes: the table's trigger is off while it is written.
    await t.db.execute(sql`ALTER TABLE parts DISABLE TRIGGER parts_notify_change`);
    await t.db.update(parts).set({ priceCents: 1999 }).where(eq(parts.id, brakePads));
    await t.db.execute(sql`ALTER TABLE parts ENABLE TRIGGER parts_notify_change`);
    expect((await shown())[0]?.price).toBe(18.5);
    clock += REPLY_CACHE_TTL_MS;
    expect((await shown()).map((p) => p?.price)).toEqual([19.99, 19.99, 19.99, 19.99]);
    expect((await editBrakePads({ price: 18.5 })).statusCode).toBe(200);
  });
});

describe('ETag and If-None-Match', () => {
  it('answers 304 without a body while the reply is unchanged, and 200 with a new ETag after a change', async () => {
    for (const url of views) {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
    }
    const etags = await Promise.all(
      views.map(async (url) => String((await get(url)).headers.etag)),
    );
    expect((await editBrakePads({ price: 18.75 })).statusCode).toBe(200);
    for (const [i, url] of views.entries()) {
      const changed = await get(url, { 'if-none-match': etags[i] ?? '' });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etags[i]);
    }
    expect((await editBrakePads({ price: 18.5 })).statusCode).toBe(200);
  });

  it("sends the shop's security headers with a reply served from memory, and its length to HEAD", async () => {
    const health = await get('/api/health');
    const security = Object.keys(health.headers).filter(
      (name) => name.startsWith('x-') || name.includes('polic') || name.startsWith('cross-origin'),
    );
    expect(security).toContain('content-security-policy');
    for (const url of views) {
      await get(url);
      const cached = await get(url);
      const notModified = await get(url, { 'if-none-match': String(cached.headers.etag) });
      for (const name of security) {
        expect(cached.headers[name]).toBe(health.headers[name]);
        expect(notModified.headers[name]).toBe(health.headers[name]);
      }
      expect(Number(cached.headers['content-length'])).toBe(cached.rawPayload.length);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(cached.headers['content-length']);
    }
  });

  it('keeps X-Total-Count on a page served from memory, and tells browsers to revalidate', async () => {
    await get('/api/items?page=2&limit=5');
    const cached = await get('/api/items?page=2&limit=5');
    expect(cached.headers['x-total-count']).toBe(String(demoParts.length));
    expect(cached.headers['cache-control']).toBe('no-cache');
    expect(partList.parse(cached.json())).toHaveLength(5);
  });
});

describe('compression', () => {
  it('compresses a large reply only for a client that accepts it', async () => {
    const plain = await get('/api/items');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');

    const gzipped = await get('/api/items', { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const brotli = await get('/api/items', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const refused = await get('/api/items', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('sends a small reply as it is', async () => {
    const one = await get(`/api/item/${brakePads}/fitment?limit=1`, {
      'accept-encoding': 'gzip, br',
    });
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(fitmentGroups.parse(one.json())).toHaveLength(1);
  });
});

describe('over a connection', () => {
  it('sends what the routes send, and the stock an order took at once', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const read = async (url: string) => {
      const response = await fetch(`${address}${url}`);
      return {
        status: response.status,
        etag: response.headers.get('etag'),
        csp: response.headers.get('content-security-policy'),
        body: await response.text(),
      };
    };
    for (const url of views) {
      const routed = await get(url);
      const answered = await read(url);
      expect(answered).toEqual({
        status: 200,
        etag: routed.headers.etag,
        csp: routed.headers['content-security-policy'],
        body: routed.body,
      });
    }
    const stock = async () =>
      part.parse(JSON.parse((await read(`/api/item/${brakePads}`)).body)).availableQuantity;
    expect(await stock()).toBe(2400);

    const placed = await fetch(`${address}/api/order`, {
      method: 'POST',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ partsId: brakePads, quantity: 150, ...shipping }),
    });
    expect(placed.status).toBe(201);
    expect(await stock()).toBe(2250);
    const { insertedId } = placeOrderReply.parse(await placed.json());
    const cancelled = await fetch(`${address}/api/order/${insertedId}`, {
      method: 'DELETE',
      headers: customer.headers,
    });
    expect(cancelled.status).toBe(200);
    expect(await stock()).toBe(2400);
  });
});
