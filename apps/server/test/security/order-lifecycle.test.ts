// Attack catalogue, business logic out of order (ASVS 5 V2.3.1, V2.3.2; Juice Shop "Payback
// Time", "Deluxe Fraud"): an order moves placed → paid → shipped, or placed → cancelled, and no
// call skips, repeats or reverses a step. Sandbox payments, as on a laptop.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema.ts';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  paidOrder,
  payInSandbox,
  placeOrder,
  type TestApp,
} from './support.ts';

let t: TestApp;
let admin: Customer;
let alice: Customer;
let partId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  partId = await addPart(t);
});
afterAll(() => t.close());

const ship = (id: string) =>
  t.app.inject({ method: 'PUT', url: `/api/manageorders/${id}`, headers: admin.headers });
const cancel = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
const adminDelete = (id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/deleteorder/${id}`, headers: admin.headers });
const intent = (id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: alice.headers,
    payload: { orderId: id },
  });
const report = (id: string, transaction: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/${id}`,
    headers: alice.headers,
    payload: { partsId: partId, transaction },
  });
const confirm = (clientSecret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: {
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
      },
    },
  });

describe('paying and shipping out of order', () => {
  it('[OO-01] an unpaid order cannot be shipped', async () => {
    const id = await placeOrder(t, alice, partId);
    const before = await snapshot(t.db);
    expectError(await ship(id), 409, 'conflict');
    await expectUnchanged(t.db, before);
  });

  it('[OO-02] a cancelled order cannot be shipped', async () => {
    const id = await placeOrder(t, alice, partId);
    expect((await cancel(id)).statusCode).toBe(200);
    const before = await snapshot(t.db);
    expectError(await ship(id), 409, 'conflict');
    await expectUnchanged(t.db, before);
  });

  it('[OO-03] a cancelled order cannot be paid: no new intent, the old one is dead, a report is refused', async () => {
    const id = await placeOrder(t, alice, partId);
    const { clientSecret } = (await intent(id)).json();
    expect((await cancel(id)).statusCode).toBe(200);
    const before = await snapshot(t.db);
    expectError(await intent(id), 409, 'conflict');
    expectError(await confirm(clientSecret), 409);
    const intentId = String(clientSecret).split('_secret_')[0] ?? '';
    expectError(await report(id, intentId), 409, 'conflict');
    await expectUnchanged(t.db, before);
  });

  it('[OO-04] a paid order cannot be paid again (no new intent, no second card charge, no other payment)', async () => {
    const first = await paidOrder(t, alice, partId);
    const other = await paidOrder(t, alice, partId);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(row).toMatchObject({ paid: true, transaction: first.transaction });
    const before = await snapshot(t.db);
    expectError(await intent(first.orderId), 409, 'conflict');
    expectError(await report(first.orderId, other.transaction), 409, 'conflict');
    const again = await report(first.orderId, first.transaction);
    expect(again.statusCode).toBe(200);
    expect(again.json().modifiedCount).toBe(0);
    await expectUnchanged(t.db, before);
  });

  it('[OO-05] a customer cannot cancel a paid order', async () => {
    const { orderId } = await paidOrder(t, alice, partId);
    const before = await snapshot(t.db);
    expectError(await cancel(orderId), 409, 'conflict');
    await expectUnchanged(t.db, before);
  });

  it('[OO-06] an admin cannot delete a paid order (deletedCount 0, stock untouched)', async () => {
    const { orderId } = await paidOrder(t, alice, partId);
    const before = await snapshot(t.db);
    const res = await adminDelete(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 0 });
    await expectUnchanged(t.db, before);
  });

  it('[OO-07] cancelling twice (customer, then admin) returns the stock once', async () => {
    const id = await placeOrder(t, alice, partId);
    expect((await cancel(id)).json().deletedCount).toBe(1);
    const before = await snapshot(t.db);
    const again = await cancel(id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ deletedCount: 0 });
    expect((await adminDelete(id)).json()).toEqual({ deletedCount: 0 });
    await expectUnchanged(t.db, before);
  });

  it('[OO-08] shipping twice ships once (one audit entry)', async () => {
    const { orderId } = await paidOrder(t, alice, partId);
    expect((await ship(orderId)).json().modifiedCount).toBe(1);
    const before = await snapshot(t.db);
    const again = await ship(orderId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    await expectUnchanged(t.db, before);
  });

  it('[OO-09] cancelling after the card went through (page never reported it) keeps the order, now paid', async () => {
    const id = await placeOrder(t, alice, partId);
    const transaction = await payInSandbox(t, alice, id);
    const before = await snapshot(t.db);
    expectError(await cancel(id), 409, 'conflict');
    const changed = await changedSince(t.db, before);
    // Paid, the order has its invoice's number from the counter (issue 17 #8), and its sale is
    // kept in the day's, the part's and the customer's sales (issue 33 #1).
    expect(Object.keys(changed).sort()).toEqual([
      'customer_sales_days',
      'invoice_counter',
      'orders',
      'part_sales_days',
      'payments',
      'sales_days',
    ]);
    expect(changed.orders?.added).toEqual([
      expect.objectContaining({ id, paid: true, transaction, cancelledAt: null }),
    ]);
  });

  it('[OO-10] a payment reported before the card is confirmed is refused', async () => {
    const id = await placeOrder(t, alice, partId);
    const { clientSecret } = (await intent(id)).json();
    const before = await snapshot(t.db);
    expectError(await report(id, String(clientSecret).split('_secret_')[0] ?? ''), 400, 'invalid');
    expectError(await report(id, String(clientSecret)), 400, 'invalid');
    await expectUnchanged(t.db, before);
  });

  it('[WH-10] without Stripe there is no webhook to forge: the route does not exist', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' }),
    });
    expectError(res, 404, 'not_found');
    await expectUnchanged(t.db, before);
  });
});
