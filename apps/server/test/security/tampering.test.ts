// Attack catalogue, price, total and quantity tampering (ASVS 5 V2.2.1, V2.3.1; Juice Shop
// "Payback Time", "Zero Stars", "Deluxe Fraud"): numbers the page sends are checked as JSON
// numbers of the right kind and range, and money is always the server's.
import { orderTotalMessage, placeOrderReply } from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.ts';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  paidOrder,
  placeOrder,
  shipping,
  type TestApp,
} from './support.ts';

let t: TestApp;
let mallory: Customer;
let partId: string;
let orderId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  mallory = await signUp(t.app, 'mallory');
  partId = await addPart(t, { availableQuantity: 5000, minimumQuantity: 100, priceCents: 425 });
  orderId = await placeOrder(t, mallory, partId, 200);
});
afterAll(() => t.close());

/** The body goes as written (raw JSON), so values JSON.stringify would change are sent too. */
const orderWithRawQuantity = (quantity: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { ...mallory.headers, 'content-type': 'application/json' },
    payload: `{"partsId":"${partId}","quantity":${quantity},"tel":"${shipping.tel}","country":"${shipping.country}","city":"${shipping.city}","address":"${shipping.address}"}`,
  });
const intentWithRawTotal = (totalPrice: string, id = orderId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { ...mallory.headers, 'content-type': 'application/json' },
    payload: `{"orderId":"${id}","totalPrice":${totalPrice}}`,
  });

const quantityAttacks: [string, string, string[]][] = [
  ['PT-01', 'negative', ['-100', '-1', '-5000']],
  ['PT-02', 'zero', ['0', '-0', '0.0']],
  ['PT-03', 'fractional', ['100.5', '199.999', '1e-7', '150.0000001']],
  [
    'PT-04',
    'huge (beyond the stock, 32-bit either way, safe integers, infinity)',
    ['5001', '2147483648', '-2147483649', '9007199254740993', '1e21', '1e400'],
  ],
  [
    'PT-05',
    'a string (digits, NaN, Infinity, exponent or hex notation)',
    ['"200"', '""', '"NaN"', '"Infinity"', '"1e2"', '"0x64"', '" 200"'],
  ],
  [
    'PT-06',
    'an array, an object, null or a boolean',
    ['[200]', '[]', '{}', '{"$gt":0}', 'null', 'true'],
  ],
  ['PT-07', 'below the part’s minimum', ['99', '1']],
];

describe('quantity tampering on order placement', () => {
  it.each(quantityAttacks)(
    '[%s] a quantity that is %s is refused and reserves nothing',
    async (_id, _kind, values) => {
      const before = await snapshot(t.db);
      for (const quantity of values) {
        const res = await orderWithRawQuantity(quantity);
        expect(res.statusCode, quantity).toBe(400);
        expectError(res, 400);
      }
      await expectUnchanged(t.db, before);
    },
  );

  it('[PT-08] exponent notation that is a whole number is read as that number, with the server’s price', async () => {
    const before = await snapshot(t.db);
    const res = await orderWithRawQuantity('1.5e2');
    expect(res.statusCode).toBe(201);
    expect(placeOrderReply.parse(res.json()).order).toMatchObject({
      quantity: 150,
      partsPrice: 4.25,
      totalPrice: 637.5,
    });
    const changed = await changedSince(t.db, before);
    // An order is written with its line (issue 17), its stock taken from a warehouse (issue 32).
    expect(Object.keys(changed).sort()).toEqual([
      'order_line_sources',
      'order_lines',
      'orders',
      'part_stock',
      'parts',
    ]);
    expect(changed.orders?.added).toEqual([
      expect.objectContaining({ quantity: 150, unitPriceCents: 425 }),
    ]);
    expect(changed.parts?.added).toEqual([
      expect.objectContaining({ availableQuantity: 5000 - 200 - 150 }),
    ]);
  });

  it('[PT-09] concurrent orders for the whole stock: exactly one is accepted, the stock never goes below zero', async () => {
    const scarce = await addPart(t, {
      availableQuantity: 300,
      minimumQuantity: 1,
      priceCents: 100,
    });
    const before = await snapshot(t.db);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: mallory.headers,
          payload: { partsId: scarce, quantity: 300, ...shipping },
        }),
      ),
    );
    const codes = replies.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 400, 400, 400, 400, 400]);
    for (const res of replies.filter((r) => r.statusCode === 400)) expectError(res, 400, 'invalid');
    const [row] = await t.db.select().from(parts).where(eq(parts.id, scarce));
    expect(row?.availableQuantity).toBe(0);
    const changed = await changedSince(t.db, before);
    // The part is sold out: the kept counts of in-stock parts (migration 0014) follow it, and
    // it is below its reorder point (issue 33 #4).
    expect(Object.keys(changed).sort()).toEqual([
      'low_stock_alerts',
      'order_line_sources',
      'order_lines',
      'orders',
      'part_facet_counts',
      'part_stock',
      'parts',
    ]);
    expect(changed.orders?.added).toHaveLength(1);
  });
});

describe('total tampering on payment intents', () => {
  it('[PT-10] a totalPrice below, above, zero or negative against the server’s total is refused', async () => {
    const before = await snapshot(t.db);
    for (const total of ['0.01', '1', '849.99', '850.01', '8500', '0', '-850', '-0.01']) {
      const res = await intentWithRawTotal(total);
      expectError(res, 400, 'invalid');
      expect(res.json().error.message, total).toContain('$850.00');
    }
    await expectUnchanged(t.db, before);
  });

  it('[PT-11] a totalPrice that is not a plain number (string, array, object, NaN-ish, infinity) is refused', async () => {
    const before = await snapshot(t.db);
    for (const total of [
      '"850"',
      '[850]',
      '{"amount":850}',
      '"NaN"',
      '"Infinity"',
      '1e400',
      'true',
    ]) {
      const res = await intentWithRawTotal(total);
      expectError(res, 400, 'invalid');
    }
    await expectUnchanged(t.db, before);
  });

  it('[PT-12] a payment made for a cheaper order cannot pay a dearer one', async () => {
    const cheap = await paidOrder(t, mallory, partId, 100);
    const dear = await placeOrder(t, mallory, partId, 1000);
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${dear}`,
      headers: mallory.headers,
      payload: { partsId: partId, transaction: cheap.transaction },
    });
    expectError(res, 400, 'invalid');
    await expectUnchanged(t.db, before);
  });

  it('[PT-13] an order id that is not a UUID (or a list of them) cannot reach the payment provider', async () => {
    const before = await snapshot(t.db);
    for (const id of ['1', `${orderId}'--`, '*']) {
      expectError(await intentWithRawTotal('850', id), 400, 'invalid');
    }
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: mallory.headers,
      payload: { orderId: [orderId, orderId] },
    });
    expectError(listed, 400, 'invalid');
    await expectUnchanged(t.db, before);
  });

  it('[PT-14] an order costing more than an order may (beyond 32-bit cents) is refused with a 400, and nothing is stored or charged', async () => {
    const dear = await addPart(t, {
      availableQuantity: 1_000_000,
      minimumQuantity: 1,
      priceCents: 99_999_999,
    });
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: mallory.headers,
      payload: { partsId: dear, quantity: 100, ...shipping },
    });
    expectError(res, 400, 'invalid');
    expect(res.json().error.message).toBe(orderTotalMessage);
    await expectUnchanged(t.db, before);

    // An order placed before totals were bounded cannot reach the payment provider either.
    const old = await placeOrder(t, mallory, dear, 1);
    await t.db
      .update(orders)
      .set({ quantity: 50, totalCents: sql`${orders.unitPriceCents}::bigint * 50` })
      .where(eq(orders.id, old));
    const beforeIntent = await snapshot(t.db);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: mallory.headers,
      payload: { orderId: old },
    });
    expectError(intent, 400, 'invalid');
    expect(intent.json().error.message).toBe(orderTotalMessage);
    await expectUnchanged(t.db, beforeIntent);
  });

  it('[PT-15] a part price that is not a whole number of cents in range (1e-9, 5e-324, 0.001, 18.500000001) is refused with a 400 and stores nothing', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const before = await snapshot(t.db);
    for (const price of ['1e-9', '5e-324', '0.001', '0.004', '18.500000001', '1000000.01']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: `{"name":"Tiny","description":"Priced below a cent","img":null,"availableQuantity":10,"minimumQuantity":1,"price":${price}}`,
      });
      expectError(res, 400, 'invalid');
    }
    await expectUnchanged(t.db, before);
  });
});
