import {
  auditLog,
  insertedPartReply,
  type PartBody,
  part,
  partList,
  partMessages,
  UPLOAD_IMAGE_MAX_BYTES,
  uploadedImageReply,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parts } from '../catalog/catalog.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let customer: Customer;

const valid: PartBody = {
  name: 'Timing Belt Kit',
  description: 'Belt, tensioner and idler for 1.6 litre petrol engines.',
  img: '/images/parts/oil-filter.svg',
  availableQuantity: 400,
  minimumQuantity: 50,
  price: 42.9,
};
const NO_PART = '00000000-0000-4000-8000-000000000000';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const send = (
  method: 'POST' | 'PUT',
  url: string,
  who: Customer | null,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who?.headers ?? {}), ...headers },
    payload: payload as string,
  });
const allParts = () => t.db.select().from(parts).orderBy(parts.id);
const audited = async () =>
  auditLog.parse(
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin.headers })
    ).json(),
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.db);
  customer = await signUp(t.app, 'customer');
});
afterAll(() => t.close());

describe('POST /api/items and PUT /api/item/{id} (Add a Product)', () => {
  it('adds a part that is listed first at once, in dollars and cents, and audits it', async () => {
    const res = await send('POST', '/api/items', admin, valid);
    expect(res.statusCode).toBe(201);
    const { insertedId } = insertedPartReply.parse(res.json());

    const listed = partList.parse((await t.app.inject('/api/items')).json());
    expect(listed[0]).toEqual({
      _id: insertedId,
      ...valid,
      version: expect.any(String),
      // Added without the catalogue's fields: numbered from the shop's own series.
      partNumber: expect.stringMatching(/^AX-\d{6}$/),
      brand: null,
      category: null,
      priceTiers: [],
      // Its stock is in the shop's first warehouse (issue 32 #2).
      stock: [{ warehouse: 'MAIN', quantity: valid.availableQuantity, restockDate: null }],
      allowBackorder: false,
      backorderExpected: null,
      coreCharge: null,
      coreReturnDays: 30,
    });
    const [row] = await t.db.select().from(parts).where(eq(parts.id, insertedId));
    expect(row?.priceCents).toBe(4290);
    expect((await audited())[0]).toMatchObject({
      adminEmail: admin.email,
      action: 'add-part',
      target: insertedId,
    });
  });

  it('edits a part: details, price and stock change, the id stays, and it is audited', async () => {
    const { insertedId } = insertedPartReply.parse(
      (await send('POST', '/api/items', admin, valid)).json(),
    );
    const { version } = part.parse((await t.app.inject(`/api/item/${insertedId}`)).json());
    const edited = { ...valid, name: 'Timing Belt Kit (OE)', price: 39.99, availableQuantity: 0 };
    const res = await send('PUT', `/api/item/${insertedId}`, admin, edited, {
      'if-match': `"${version}"`,
    });
    expect(res.statusCode).toBe(200);
    const saved = part.parse(res.json());
    expect(saved).toEqual({
      _id: insertedId,
      ...edited,
      version: expect.any(String),
      partNumber: expect.stringMatching(/^AX-\d{6}$/),
      brand: null,
      category: null,
      priceTiers: [],
      stock: [],
      allowBackorder: false,
      backorderExpected: null,
      coreCharge: null,
      coreReturnDays: 30,
    });
    expect(saved.version).not.toBe(version);
    const one = await t.app.inject(`/api/item/${insertedId}`);
    expect(part.parse(one.json())).toEqual(saved);
    expect((await audited())[0]).toMatchObject({ action: 'edit-part', target: insertedId });
  });

  it('answers 404 for an unknown part and 400 for an id that is not one', async () => {
    const before = await allParts();
    const ifMatch = { 'if-match': '"any"' };
    expect((await send('PUT', `/api/item/${NO_PART}`, admin, valid, ifMatch)).statusCode).toBe(404);
    expect((await send('PUT', '/api/item/42', admin, valid, ifMatch)).statusCode).toBe(400);
    expect(await allParts()).toEqual(before);
  });

  it('takes no image at all (the card then says the image host is down)', async () => {
    const res = await send('POST', '/api/items', admin, { ...valid, img: null });
    expect(res.statusCode).toBe(201);
  });

  const refused: [string, Record<string, unknown>, string][] = [
    ['an empty name', { name: '   ' }, partMessages.name],
    ['a name of 121 characters', { name: 'x'.repeat(121) }, partMessages.name],
    ['an empty description', { description: '' }, partMessages.description],
    ['a fractional stock', { availableQuantity: 10.5 }, partMessages.availableQuantity],
    ['a negative stock', { availableQuantity: -1 }, partMessages.availableQuantity],
    ['a stock given as text', { availableQuantity: '400' }, partMessages.availableQuantity],
    ['a minimum of 0', { minimumQuantity: 0 }, partMessages.minimumQuantity],
    ['a huge minimum', { minimumQuantity: 1e12 }, partMessages.minimumQuantity],
    ['a price of 0', { price: 0 }, partMessages.price],
    ['a negative price', { price: -5 }, partMessages.price],
    ['a price with tenths of a cent', { price: 1.234 }, partMessages.price],
    ['a price as an array', { price: [10] }, partMessages.price],
    ['an image on another host', { img: 'https://evil.example/x.png' }, partMessages.img],
    ['a protocol-relative image', { img: '//evil.example/x.png' }, partMessages.img],
    ['an image path that climbs', { img: '/images/../../etc/passwd.png' }, partMessages.img],
    ['a script URL as image', { img: 'javascript:alert(1)' }, partMessages.img],
    ['an extra field (_id)', { _id: NO_PART }, 'not taken here: _id'],
  ];
  it.each(refused)(
    'refuses %s with 400 naming the rule, and stores nothing',
    async (_, change, message) => {
      const before = await allParts();
      const res = await send('POST', '/api/items', admin, { ...valid, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect(await allParts()).toEqual(before);
    },
  );

  it('refuses an invalid edit and keeps the part as it was', async () => {
    const [first] = await allParts();
    const before = await allParts();
    const res = await send(
      'PUT',
      `/api/item/${first?.id}`,
      admin,
      { ...valid, price: 0 },
      {
        'if-match': '"any"',
      },
    );
    expect(res.statusCode).toBe(400);
    expect(await allParts()).toEqual(before);
  });

  it.each([
    ['anonymous', null, 401],
    ['a customer', 'customer', 403],
  ] as const)('is for admins only: %s gets %i and nothing changes', async (_, who, status) => {
    const caller = who ? customer : null;
    const before = await allParts();
    const [first] = before;
    const add = await send('POST', '/api/items', caller, valid);
    const edit = await send('PUT', `/api/item/${first?.id}`, caller, { ...valid, price: 0.01 });
    // The token is checked before the input: a bad body still gets 401/403.
    const badBody = await send('POST', '/api/items', caller, { price: 'free' });
    for (const res of [add, edit, badBody]) {
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBeTypeOf('string');
    }
    expect(await allParts()).toEqual(before);
  });
});

describe('POST /api/images and GET /api/images/{name} (part pictures)', () => {
  const upload = (who: Customer | null, body: Buffer | string, type: string) =>
    send('POST', '/api/images', who, body, { 'content-type': type });

  it('stores a PNG and serves the same bytes with its content type, cached for good', async () => {
    const res = await upload(admin, PNG, 'image/png');
    expect(res.statusCode).toBe(201);
    const { img } = uploadedImageReply.parse(res.json());
    expect(img).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject(img);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // The uploaded path is a valid part image.
    const added = await send('POST', '/api/items', admin, { ...valid, img });
    expect(added.statusCode).toBe(201);
  });

  it('refuses bytes that are not the declared kind of picture (HTML posing as PNG)', async () => {
    const res = await upload(admin, '<html><script>alert(1)</script></html>', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The file is not a png image');
  });

  it.each([
    ['SVG (it can carry scripts)', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['HTML', 'text/html', '<p>hi</p>'],
    ['plain text', 'text/plain', 'hello'],
  ])('refuses %s with 415', async (_, type, body) => {
    const res = await upload(admin, body, type);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses a picture over 2 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_IMAGE_MAX_BYTES)]);
    const res = await upload(admin, big, 'image/png');
    expect(res.statusCode).toBe(413);
  });

  it('is for admins only', async () => {
    expect((await upload(null, PNG, 'image/png')).statusCode).toBe(401);
    expect((await upload(customer, PNG, 'image/png')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown picture and 400 for a name that is not a picture name', async () => {
    const unknown = await t.app.inject(`/api/images/${NO_PART}.png`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const climbing = await t.app.inject('/api/images/..%2F..%2Fjwt-secret');
    expect(climbing.statusCode).toBe(400);
  });
});
