import { cardMessages, createPaymentIntentReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp, orderWorld } from '../../../test/test-app.ts';
import { sandboxIntents } from '../../adapters/payments/sandbox.table.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox-provider.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { reconcileOpenIntents } from './payments.service.ts';
import { payments } from './payments.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;
let bob: Customer;
let partId: string;

const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Sylhet',
  address: '7 Zindabazar',
};
const future = { expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, 'payer');
  bob = await signUp(t.app, 'other');
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Oil Filter',
      description: 'Spin-on',
      availableQuantity: 5000,
      minimumQuantity: 100,
      priceCents: 425,
    })
    .returning();
  partId = part?.id ?? '';
});
afterAll(() => t.close());

async function newOrder(who = alice, quantity = 200) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: who.headers,
    payload: { partsId: partId, quantity, ...shipping },
  });
  return res.json().insertedId as string;
}
const intentFor = (who: Customer, orderId: string, totalPrice?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { orderId, totalPrice },
  });
const confirm = (clientSecret: string, number: string, card: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: { clientSecret, card: { number, ...future, ...card } },
  });
const record = (who: Customer, orderId: string, transaction: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}`,
    headers: who.headers,
    payload: { partsId: partId, transaction },
  });
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

async function payWith4242(orderId: string) {
  const { clientSecret } = createPaymentIntentReply.parse((await intentFor(alice, orderId)).json());
  const confirmed = await confirm(clientSecret, '4242 4242 4242 4242');
  return confirmed.json().id as string;
}

describe('payment intents', () => {
  it("charge the server's total and come back the same on reload", async () => {
    const id = await newOrder();
    const first = await intentFor(alice, id, 850);
    expect(first.statusCode).toBe(200);
    expect(createPaymentIntentReply.parse(first.json()).amount).toBe(850);
    const again = await intentFor(alice, id);
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    expect(
      await t.db.select().from(sandboxIntents).where(eq(sandboxIntents.orderId, id)),
    ).toHaveLength(1);
  });

  it('refuse a totalPrice that disagrees with the order', async () => {
    const id = await newOrder();
    for (const totalPrice of [1, 849.99, 0, -850]) {
      const res = await intentFor(alice, id, totalPrice);
      expect(res.statusCode, String(totalPrice)).toBe(400);
      expect(res.json().error.message).toContain('$850.00');
    }
    expect((await intentFor(alice, id, '850')).statusCode).toBe(400);
  });

  it("refuse someone else's order and need a token", async () => {
    const id = await newOrder();
    expect((await intentFor(bob, id)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the sandbox card form', () => {
  it.each([
    ['4000 0000 0000 0002', 402, cardMessages.declined],
    ['4000000000009995', 402, cardMessages.insufficientFunds],
    ['4000000000000069', 402, cardMessages.expired],
    ['4000000000000127', 402, cardMessages.incorrectCvc],
    ['4242 4242 4242 4241', 400, cardMessages.invalidNumber],
    ['1234', 400, cardMessages.invalidNumber],
  ])('answers %s with Stripe’s words', async (number, status, message) => {
    const { clientSecret } = (await intentFor(alice, await newOrder())).json();
    const res = await confirm(clientSecret, number);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
  });

  it('checks expiry and CVC', async () => {
    const { clientSecret } = (await intentFor(alice, await newOrder())).json();
    expect(
      (await confirm(clientSecret, '4242424242424242', { expYear: 2020 })).json().error.message,
    ).toBe(cardMessages.invalidExpiry);
    expect(
      (await confirm(clientSecret, '4242424242424242', { expMonth: 13 })).json().error.message,
    ).toBe(cardMessages.invalidExpiry);
    expect(
      (await confirm(clientSecret, '4242424242424242', { cvc: '12' })).json().error.message,
    ).toBe(cardMessages.invalidCvc);
    // A declined or refused card leaves the intent payable.
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(200);
  });

  it('keeps only the brand and the last four digits, and confirms once', async () => {
    const { clientSecret } = (await intentFor(alice, await newOrder())).json();
    const ok = await confirm(clientSecret, '4242 4242 4242 4242');
    expect(ok.json()).toMatchObject({ status: 'succeeded' });
    const [row] = await t.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.clientSecret, clientSecret));
    expect(row).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect((await confirm(clientSecret, '4242 4242 4242 4242')).statusCode).toBe(409);
  });
});

describe('recording a payment (PUT /api/order/{id})', () => {
  it('marks the order paid only after the provider confirms it, once', async () => {
    const id = await newOrder();
    const { clientSecret } = (await intentFor(alice, id)).json();
    const intentId = clientSecret.split('_secret_')[0];
    const early = await record(alice, id, intentId);
    expect(early.statusCode).toBe(400);
    expect((await orderRow(id))?.paid).toBe(false);

    await confirm(clientSecret, '4242424242424242');
    const res = await record(alice, id, intentId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      modifiedCount: 1,
      order: { paid: true, transaction: intentId },
    });
    expect((await record(alice, id, intentId)).json().modifiedCount).toBe(0);
  });

  it('refuses a forged transaction id, or the payment of another order', async () => {
    const id = await newOrder();
    expect((await record(alice, id, 'pi_forged_123')).statusCode).toBe(400);
    const otherPayment = await payWith4242(await newOrder());
    const res = await record(alice, id, otherPayment);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This payment is not for this order');
    expect(await orderRow(id)).toMatchObject({ paid: false, transaction: null });
  });

  it("refuses someone else's order", async () => {
    const id = await newOrder();
    const paid = await payWith4242(id);
    expect((await record(bob, id, paid)).statusCode).toBe(403);
    expect((await orderRow(id))?.paid).toBe(false);
  });

  it('refuses to pay twice or to pay a cancelled order', async () => {
    const id = await newOrder();
    const paid = await payWith4242(id);
    await record(alice, id, paid);
    expect((await intentFor(alice, id)).statusCode).toBe(409);

    const cancelled = await newOrder();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${cancelled}`,
      headers: alice.headers,
    });
    expect((await intentFor(alice, cancelled)).statusCode).toBe(409);
  });

  it('does not cancel an order whose card payment already went through: it becomes paid', async () => {
    const id = await newOrder();
    const paid = await payWith4242(id);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${id}`,
      headers: alice.headers,
    });
    expect(cancel.statusCode).toBe(409);
    expect(await orderRow(id)).toMatchObject({ paid: true, transaction: paid, cancelledAt: null });
  });

  it('does not let an admin delete an order whose card payment already went through', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const id = await newOrder();
    const paid = await payWith4242(id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/deleteorder/${id}`,
      headers: admin.headers,
    });
    expect(res.json()).toEqual({ deletedCount: 0 });
    expect(await orderRow(id)).toMatchObject({ paid: true, transaction: paid, cancelledAt: null });
  });

  it("settles a removed customer's card payments: a paid one keeps its order, an open one is cancelled", async () => {
    const admin = await signInAdmin(t.app, t.db);
    const carol = await signUp(t.app, 'leaving');
    const paidOrder = await newOrder(carol);
    const { clientSecret: paidSecret } = createPaymentIntentReply.parse(
      (await intentFor(carol, paidOrder)).json(),
    );
    const paid = (await confirm(paidSecret, '4242 4242 4242 4242')).json().id as string;
    const openOrder = await newOrder(carol);
    const { clientSecret: openSecret } = (await intentFor(carol, openOrder)).json();

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${carol.email}`,
      headers: admin.headers,
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    // The payment went through before the removal, so the order is paid and kept, not cancelled.
    expect(await orderRow(paidOrder)).toMatchObject({
      paid: true,
      transaction: paid,
      cancelledAt: null,
    });
    expect((await orderRow(openOrder))?.cancelledAt).not.toBeNull();
    expect((await confirm(openSecret, '4242424242424242')).statusCode).toBe(409);
  });

  it('reconciles a payment whose report never came: the order is paid exactly once', async () => {
    const ctx = { db: t.db, provider: createSandboxProvider(t.db), ...orderWorld() };
    const id = await newOrder();
    const paid = await payWith4242(id);
    // The page never sent PUT /order/{id} (closed tab, crash): the order does not know yet.
    expect(await orderRow(id)).toMatchObject({ paid: false, transaction: null });
    expect(await reconcileOpenIntents(ctx)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(id)).toMatchObject({ paid: true, transaction: paid });
    // Nothing is left to do the second time, and paying again is refused.
    expect(await reconcileOpenIntents(ctx)).toBe(0);
    expect((await intentFor(alice, id)).statusCode).toBe(409);
    const rows = await t.db.select().from(payments).where(eq(payments.orderId, id));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
  });

  it('cancels the open intent of an order an admin deletes', async () => {
    const admin = await signInAdmin(t.app, t.db);
    const id = await newOrder();
    const { clientSecret } = (await intentFor(alice, id)).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/deleteorder/${id}`,
      headers: admin.headers,
    });
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(409);
  });

  it('cancels the open intent of a cancelled order', async () => {
    const id = await newOrder();
    const { clientSecret } = (await intentFor(alice, id)).json();
    await t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: alice.headers });
    expect((await confirm(clientSecret, '4242424242424242')).statusCode).toBe(409);
  });
});

describe('GET /api/config', () => {
  it('tells the page to load the sandbox card form, and the tax prices include', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      payments: { provider: 'sandbox' },
      taxRateBasisPoints: 0,
    });
  });
});
