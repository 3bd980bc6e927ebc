import { order, orderList, placeOrderReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { parts } from '../catalog/catalog.table.ts';
import { defaultOrderLimits } from './orders.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;
let bob: Customer;
let partId: string;

const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Dhaka',
  address: '12 Station Road',
};

async function newPart(stock: number, minimum = 100, priceCents = 1850) {
  const [row] = await t.db
    .insert(parts)
    .values({
      name: 'Brake Pad Set',
      description: 'Front pads',
      img: '/images/parts/brake-pads.svg',
      availableQuantity: stock,
      minimumQuantity: minimum,
      priceCents,
    })
    .returning();
  return row?.id ?? '';
}
const stockOf = async (id: string) =>
  (await t.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const place = (who: Customer | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/order', headers: who?.headers ?? {}, payload });

beforeAll(async () => {
  // These customers place many orders; the cap on unpaid ones has its own tests (OL-03, OL-04).
  t = await createTestApp({ orderLimits: { ...defaultOrderLimits, unpaidPerCustomer: 1000 } });
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  partId = await newPart(1000);
});
afterAll(() => t.close());

describe('placing an order', () => {
  it('takes price, part and customer from the server, not from the page, and reserves the stock', async () => {
    const res = await place(alice, {
      partsId: partId,
      quantity: 150,
      ...shipping,
      city: 'Rangpur',
      parts: 'Free Stuff',
      partsImg: 'https://evil.example/x.png',
      partsPrice: 0.01,
      name: 'Someone Else',
      email: 'victim@garage.com',
      paid: true,
      transaction: 'pi_fake',
    });
    expect(res.statusCode).toBe(201);
    const { insertedId, order: placed } = placeOrderReply.parse(res.json());
    expect(placed).toMatchObject({
      _id: insertedId,
      parts: 'Brake Pad Set',
      partsImg: '/images/parts/brake-pads.svg',
      partsPrice: 18.5,
      totalPrice: 2775,
      name: alice.name,
      email: alice.email,
      city: 'Rangpur',
      quantity: 150,
      paid: false,
      shipped: false,
      transaction: null,
    });
    expect(await stockOf(partId)).toBe(850);
  });

  it('numbers each order with the next short number, whoever places it', async () => {
    const first = placeOrderReply.parse(
      (await place(alice, { partsId: partId, quantity: 100, ...shipping })).json(),
    ).order;
    const second = placeOrderReply.parse(
      (await place(bob, { partsId: partId, quantity: 100, ...shipping })).json(),
    ).order;
    expect(first.number).toBeGreaterThanOrEqual(10001);
    expect(second.number).toBeGreaterThan(first.number);
    // A number is the order's own: sent in the body, it is ignored.
    const third = placeOrderReply.parse(
      (await place(alice, { partsId: partId, quantity: 100, ...shipping, number: 1 })).json(),
    ).order;
    expect(third.number).toBeGreaterThan(second.number);
  });

  it('needs a signed-in customer', async () => {
    const res = await place(null, { partsId: partId, quantity: 150, ...shipping });
    expect(res.statusCode).toBe(401);
  });

  it('tells an anonymous caller nothing about the input: 401 comes before validation', async () => {
    const calls = [
      { method: 'POST', url: '/api/order', payload: {} },
      { method: 'GET', url: '/api/orderid/not-an-id' },
      { method: 'GET', url: '/api/userorder' },
      { method: 'DELETE', url: '/api/order/not-an-id' },
      { method: 'PUT', url: '/api/order/not-an-id', payload: {} },
      { method: 'POST', url: '/api/create-payment-intent', payload: { orderId: 'x' } },
      { method: 'PUT', url: '/api/user/x', payload: { name: '' } },
      { method: 'GET', url: '/api/admin/x' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it.each([
    [99, 'Minimum order 100'],
    [0, 'Minimum order 100'],
    [-5, 'Minimum order 100'],
    [100000, 'maximum order'],
  ])(
    'refuses quantity %j with the purchase form’s message and keeps the stock',
    async (quantity, message) => {
      const before = await stockOf(partId);
      const res = await place(alice, { partsId: partId, quantity, ...shipping });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect(await stockOf(partId)).toBe(before);
    },
  );

  it.each([[150.5], ['150'], [[150]], [null], [1e300], [Number.MAX_SAFE_INTEGER + 2]])(
    'refuses a quantity that is not a whole number (%j)',
    async (quantity) => {
      const before = await stockOf(partId);
      const res = await place(alice, { partsId: partId, quantity, ...shipping });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid');
      expect(await stockOf(partId)).toBe(before);
    },
  );

  it('refuses a missing phone, address or unknown city', async () => {
    for (const change of [
      { tel: '' },
      { address: '  ' },
      { city: 'Paris' },
      { country: 'India' },
    ]) {
      const res = await place(alice, { partsId: partId, quantity: 150, ...shipping, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('answers an unknown part with 404 and a malformed one with 400', async () => {
    expect(
      (
        await place(alice, {
          partsId: '0b7e4a8e-1111-4c1d-9a6b-2f0e5d9c4b11',
          quantity: 150,
          ...shipping,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await place(alice, { partsId: "1' OR '1'='1", quantity: 150, ...shipping })).statusCode,
    ).toBe(400);
  });

  it('never sells more than the stock: 50 parallel orders for a stock of 10 → exactly 10', async () => {
    const scarce = await newPart(10, 1);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        place(i % 2 ? alice : bob, { partsId: scarce, quantity: 1, ...shipping }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(40);
    expect(await stockOf(scarce)).toBe(0);
  });
});

describe('reading orders', () => {
  let aliceOrder: string;
  beforeAll(async () => {
    aliceOrder = (await place(alice, { partsId: partId, quantity: 100, ...shipping })).json()
      .insertedId;
  });

  it('shows an order to its owner and to an admin, not to another customer', async () => {
    const url = `/api/orderid/${aliceOrder}`;
    expect(
      order.parse((await t.app.inject({ method: 'GET', url, headers: alice.headers })).json())._id,
    ).toBe(aliceOrder);
    expect((await t.app.inject({ method: 'GET', url, headers: bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const admin = await signInAdmin(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(
      200,
    );
  });

  it("lists a customer's own orders, newest first, and nobody else's", async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/userorder?email=${encodeURIComponent(alice.email)}`,
      headers: alice.headers,
    });
    const list = orderList.parse(mine.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((o) => o.email === alice.email)).toBe(true);
    expect(list[0]?._id).toBe(aliceOrder);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/userorder?email=${encodeURIComponent(alice.email)}`,
      headers: bob.headers,
    });
    expect(theirs.statusCode).toBe(403);
  });
});

describe('cancelling an order', () => {
  it('returns the stock once, and the order leaves the list', async () => {
    const before = await stockOf(partId);
    const id = (await place(alice, { partsId: partId, quantity: 120, ...shipping })).json()
      .insertedId;
    expect(await stockOf(partId)).toBe((before ?? 0) - 120);
    const cancel = () =>
      t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ deletedCount: 1, order: { cancelled: true } });
    expect(await stockOf(partId)).toBe(before);
    expect((await cancel()).json()).toEqual({ deletedCount: 0 });
    expect(await stockOf(partId)).toBe(before);
    const list = orderList.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/userorder?email=${encodeURIComponent(alice.email)}`,
          headers: alice.headers,
        })
      ).json(),
    );
    expect(list.some((o) => o._id === id)).toBe(false);
  });

  it("refuses someone else's order", async () => {
    const id = (await place(alice, { partsId: partId, quantity: 100, ...shipping })).json()
      .insertedId;
    const before = await stockOf(partId);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: bob.headers }))
        .statusCode,
    ).toBe(403);
    expect(await stockOf(partId)).toBe(before);
  });
});
