// Attack catalogue, buying as a business (issue 17): another customer's cart, addresses, orders and
// invoices are out of reach; prices and totals are the server's whatever a client sends; a checkout
// is all or nothing. Each refusal leaves every table as it was.
import { checkoutReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.ts';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  paidOrder,
  payInSandbox,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from './support.ts';

let t: TestApp;
let alice: Customer;
let mallory: Customer;
let partId: string;
let aliceAddress: string;
let aliceOrder: string;

const address = {
  line1: '12 Dock Road',
  city: 'Chattogram',
  postalCode: '4100',
  country: 'Bangladesh',
};

const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  mallory = await signUp(t.app, 'mallory');
  partId = await addPart(t, { partNumber: 'SEC-100' });
  aliceAddress = (await call(alice, 'POST', '/api/addresses', address)).json()._id;
  await call(alice, 'PUT', `/api/cart/lines/${partId}`, { quantity: 100 });
  const placed = await call(alice, 'POST', '/api/checkout', {
    addressId: aliceAddress,
    tel: '017',
  });
  aliceOrder = checkoutReply.parse(placed.json()).insertedId;
  const transaction = await payInSandbox(t, alice, aliceOrder);
  await call(alice, 'PUT', `/api/order/${aliceOrder}`, { transaction });
  await call(alice, 'PUT', `/api/cart/lines/${partId}`, { quantity: 200 });
});
afterAll(() => t.close());

describe('buying: another customer’s cart, addresses, orders and invoices', () => {
  it('[BU-01] the cart calls act on the caller’s own cart only: nothing names another’s', async () => {
    const before = await snapshot(t.db);
    const res = await call(mallory, 'GET', '/api/cart');
    expect(res.json()).toEqual({ lines: [], total: 0, deposits: 0, orderable: false });
    // A user id in the body is not a parameter of any cart call.
    expectError(
      await call(mallory, 'PUT', `/api/cart/lines/${partId}`, { quantity: 1, userId: NO_ID }),
      400,
    );
    await expectUnchanged(t.db, before);
  });

  it('[BU-02] a customer cannot read, change, delete or ship to another customer’s address', async () => {
    const before = await snapshot(t.db);
    const listed = await call(mallory, 'GET', '/api/addresses');
    expect(listed.json()).toEqual([]);
    expectError(await call(mallory, 'PUT', `/api/addresses/${aliceAddress}`, address), 404);
    expectError(await call(mallory, 'DELETE', `/api/addresses/${aliceAddress}`), 404);
    await expectUnchanged(t.db, before);
    await call(mallory, 'PUT', `/api/cart/lines/${partId}`, { quantity: 100 });
    const withCart = await snapshot(t.db);
    expectError(
      await call(mallory, 'POST', '/api/checkout', { addressId: aliceAddress, tel: '017' }),
      404,
    );
    await expectUnchanged(t.db, withCart);
  });

  it('[BU-03] a customer cannot download another customer’s invoice, nor reorder their order', async () => {
    const before = await snapshot(t.db);
    refusedForbidden(await call(mallory, 'GET', `/api/orders/${aliceOrder}/invoice.pdf`));
    refusedForbidden(await call(mallory, 'POST', `/api/orders/${aliceOrder}/reorder`));
    refusedAnonymous(await call(null, 'GET', `/api/orders/${aliceOrder}/invoice.pdf`));
    await expectUnchanged(t.db, before);
  });

  it('[BU-04] every buying call answers 401 to an anonymous caller, before reading the input', async () => {
    const before = await snapshot(t.db);
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['PUT', `/api/cart/lines/${partId}`],
      ['POST', '/api/cart/lines'],
      ['POST', '/api/cart/quick'],
      ['POST', '/api/cart/merge'],
      ['DELETE', '/api/cart'],
      ['GET', '/api/addresses'],
      ['POST', '/api/addresses'],
      ['POST', '/api/checkout'],
      ['POST', `/api/orders/${aliceOrder}/reorder`],
    ] as const)
      refusedAnonymous(await call(null, method, url, { nonsense: true }));
    await expectUnchanged(t.db, before);
  });
});

describe('buying: the server decides every price', () => {
  it('[BU-05] a checkout carrying a price, a total or a line of its own is refused and changes nothing', async () => {
    for (const extra of [
      { total: 0.01 },
      { totalPrice: 0.01 },
      { lines: [{ partId, quantity: 100, unitPrice: 0.01 }] },
      { userId: NO_ID },
    ]) {
      const before = await snapshot(t.db);
      expectError(
        await call(alice, 'POST', '/api/checkout', {
          addressId: aliceAddress,
          tel: '017',
          ...extra,
        }),
        400,
      );
      await expectUnchanged(t.db, before);
    }
  });

  it('[BU-06] a checkout whose one line no longer fits reserves nothing (409) and changes nothing', async () => {
    const other = await addPart(t, {
      name: 'Scarce part',
      availableQuantity: 20,
      minimumQuantity: 10,
    });
    await call(alice, 'PUT', `/api/cart/lines/${other}`, { quantity: 15 });
    await t.db.update(parts).set({ availableQuantity: 12 }).where(eq(parts.id, other));
    const before = await snapshot(t.db);
    expectError(
      await call(alice, 'POST', '/api/checkout', { addressId: aliceAddress, tel: '017' }),
      409,
      'conflict',
    );
    await expectUnchanged(t.db, before);
  });

  it('[BU-07] a formula or markup in a quick order line is refused and answered as text, never run', async () => {
    const before = await snapshot(t.db);
    const res = await call(alice, 'POST', '/api/cart/quick', {
      text: "=cmd|' /C calc'!A0, 5\n<img src=x onerror=alert(1)>, 5",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().added).toEqual([]);
    expect(res.json().refused.map((line: { reason: string }) => line.reason)).toEqual([
      "No part with number =cmd|' /C calc'!A0",
      'No part with number <img src=x onerror=alert(1)>',
    ]);
    await expectUnchanged(t.db, before);
  });

  it('[BU-08] a customer cannot record returned cores (refunds), nor read another customer’s credit note', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const starter = await addPart(t, { partNumber: 'SEC-CORE', coreChargeCents: 4_000 });
    const { orderId } = await paidOrder(t, alice, starter, 100);
    const credited = await call(admin, 'POST', `/api/admin/orders/${orderId}/core-returns`, {
      partId: starter,
      quantity: 1,
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const [note] = credited.json().creditNotes as { number: string }[];
    const before = await snapshot(t.db);
    for (const who of [alice, mallory])
      for (const body of [
        { partId: starter, quantity: 99 },
        { partId: starter, quantity: 1, amount: 1_000_000 },
        { partId: starter, quantity: -5 },
      ])
        refusedForbidden(
          await call(who, 'POST', `/api/admin/orders/${orderId}/core-returns`, body),
        );
    refusedAnonymous(
      await call(null, 'POST', `/api/admin/orders/${orderId}/core-returns`, {
        partId: starter,
        quantity: 1,
      }),
    );
    const pdf = `/api/orders/${orderId}/credit-notes/${note?.number}.pdf`;
    refusedForbidden(await call(mallory, 'GET', pdf));
    expectError(
      await call(mallory, 'GET', `/api/orders/${aliceOrder}/credit-notes/${note?.number}.pdf`),
      403,
    );
    expect((await call(alice, 'GET', pdf)).statusCode).toBe(200);
    expectError(
      await call(alice, 'GET', `/api/orders/${aliceOrder}/credit-notes/${note?.number}.pdf`),
      404,
    );
    await expectUnchanged(t.db, before);
  });
});
