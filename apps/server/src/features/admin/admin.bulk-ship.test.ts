// Issue 33 #2: shipping many orders at once. The orders that can be shipped are; the others
// (unpaid, cancelled, shipped already, unknown) are reported with their reason and stay as they
// were; one audit row an order; each customer is mailed once, naming every order of theirs.
import { bulkShipReply, order as orderSchema } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  paidOrder,
  placeOrder,
  type TestApp,
} from '../../../test/security/support.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let alice: Customer;
let bob: Customer;
let partId: string;

const ship = (who: Customer | null, body: unknown) =>
  c.call(who, 'POST', '/api/admin/orders/ship', body);
const state = async (id: string) =>
  orderSchema.parse(await c.ok(admin, 'GET', `/api/orderid/${id}`));

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  partId = await addPart(t, { minimumQuantity: 1, availableQuantity: 1000 });
});
afterAll(() => t.close());

describe('POST /api/admin/orders/ship', () => {
  it('ships what can be shipped, reports the rest with reasons, audits each and mails each customer once', async () => {
    const alice1 = (await paidOrder(t, alice, partId, 1)).orderId;
    const alice2 = (await paidOrder(t, alice, partId, 2)).orderId;
    const bob1 = (await paidOrder(t, bob, partId, 3)).orderId;
    const unpaid = await placeOrder(t, bob, partId, 4);
    const cancelled = await placeOrder(t, bob, partId, 5);
    await c.ok(bob, 'DELETE', `/api/order/${cancelled}`);
    const mailsBefore = t.mail.length;

    const res = await ship(admin, {
      orders: [
        { id: alice1, trackingNumber: '1Z 999' },
        { id: unpaid },
        { id: alice2 },
        { id: cancelled },
        { id: bob1, trackingNumber: 'JD-42' },
        { id: NO_ID },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = bulkShipReply.parse(res.json());
    expect(reply.shipped.map((order) => [order._id, order.shipped, order.trackingNumber])).toEqual([
      [alice1, true, '1Z 999'],
      [alice2, true, null],
      [bob1, true, 'JD-42'],
    ]);
    expect(reply.refused).toEqual([
      {
        id: unpaid,
        number: (await state(unpaid)).number,
        reason: 'An unpaid order cannot be shipped',
      },
      {
        id: cancelled,
        number: (await state(cancelled)).number,
        reason: 'A cancelled order cannot be shipped',
      },
      { id: NO_ID, number: null, reason: 'There is no such order' },
    ]);
    expect((await state(unpaid)).shipped).toBe(false);

    // One mail a customer: Alice's names both her orders.
    const mails = t.mail.slice(mailsBefore).filter((mail) => /shipped/.test(mail.subject));
    expect(mails.map((mail) => mail.to).sort()).toEqual([alice.email, bob.email].sort());
    const [aliceMail] = mails.filter((mail) => mail.to === alice.email);
    const numbers = [(await state(alice1)).number, (await state(alice2)).number].sort();
    expect(aliceMail?.subject).toBe(`Your orders ${numbers.join(', ')} have shipped`);
    expect(aliceMail?.text).toContain('tracking number 1Z 999');

    const log = (await c.ok(admin, 'GET', '/api/admin/audit-log?limit=10')) as {
      action: string;
      target: string;
    }[];
    const shippedRows = log.filter((row) => row.action === 'ship-order').map((row) => row.target);
    expect(shippedRows.sort()).toEqual([alice1, alice2, bob1].sort());

    // Again: shipped already, nothing mailed twice.
    const again = bulkShipReply.parse((await ship(admin, { orders: [{ id: alice1 }] })).json());
    expect(again).toEqual({
      shipped: [],
      refused: [
        {
          id: alice1,
          number: (await state(alice1)).number,
          reason: 'This order has already shipped',
        },
      ],
    });
    expect((await state(alice1)).trackingNumber).toBe('1Z 999');
  });

  it('refuses bad bodies, customers and visitors, changing nothing', async () => {
    const paid = (await paidOrder(t, alice, partId, 1)).orderId;
    for (const body of [
      {},
      { orders: [] },
      { orders: [{ id: 'nope' }] },
      { orders: [{ id: paid }, { id: paid }] },
      { orders: [{ id: paid, trackingNumber: '<script>' }] },
      { orders: Array.from({ length: 101 }, () => ({ id: NO_ID })) },
      { orders: [{ id: paid }], shipped: true },
    ])
      expectError(await ship(admin, body), 400);
    expectError(await ship(alice, { orders: [{ id: paid }] }), 403);
    expectError(await ship(null, { orders: [{ id: paid }] }), 401);
    expect((await state(paid)).shipped).toBe(false);
  });
});
