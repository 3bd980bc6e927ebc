// Issue 30 #1: a retry is harmless. The calls that create or change something take an
// Idempotency-Key, as Stripe's do: the same key with the same request from the same caller within
// a day answers the first reply and does nothing again; the same key with another request is a
// 409; another customer's same key is their own; a failed call frees its key.
import { orderList, placeOrderReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCalls } from '../../test/companies.ts';
import { type Customer, signUp } from '../../test/customers.ts';
import { expectUnchanged, snapshot } from '../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  shipping,
  type TestApp,
} from '../../test/security/support.ts';
import { idempotencyKeys, orders, parts, payments } from '../db/schema.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';

let t: TestApp;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const post = (who: Customer, url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
const order = (who: Customer, payload: object, key?: string) =>
  post(who, '/api/order', payload, key);

const stockOf = async (id: string) =>
  (await t.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const ordersOf = async (partId: string) =>
  (await t.db.select().from(orders)).filter((row) => row.partId === partId).length;
const newKey = () => crypto.randomUUID();
const dock = {
  line1: '12 Dock Road',
  city: 'Hull',
  postalCode: 'HU1 2AB',
  country: 'United Kingdom',
};
const toDock = { address: dock, tel: '0113 496 0000' };

describe('an order placed with an Idempotency-Key', () => {
  it('placed twice with the same key and body is one order: the retry gets the first reply', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const key = newKey();
    const body = { partsId: partId, quantity: 150, ...shipping };
    const first = await order(alice, body, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await order(alice, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(placeOrderReply.parse(again.json()).order.number).toBe(
      placeOrderReply.parse(first.json()).order.number,
    );
    expect(await ordersOf(partId)).toBe(1);
    // The stock was reserved once.
    expect(await stockOf(partId)).toBe(850);
  });

  it('[HT-15] with the same key and another body is refused with a 409 and creates nothing', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const key = newKey();
    expect(
      (await order(alice, { partsId: partId, quantity: 100, ...shipping }, key)).statusCode,
    ).toBe(201);
    const before = await snapshot(t.db);
    const other = await order(alice, { partsId: partId, quantity: 200, ...shipping }, key);
    expectError(other, 409, 'idempotency_key_reused');
    expect(other.json().error.message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
    // Nor does the key carry over to another call.
    const elsewhere = await post(alice, '/api/checkout', toDock, key);
    expectError(elsewhere, 409, 'idempotency_key_reused');
    await expectUnchanged(t.db, before);
    expect(await ordersOf(partId)).toBe(1);
  });

  it('[HT-14] belongs to its caller: two customers with the same key place two orders', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const key = newKey();
    const body = { partsId: partId, quantity: 100, ...shipping };
    const mine = await order(alice, body, key);
    const theirs = await order(bob, body, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().order.email).toBe(bob.email);
    expect(theirs.json().insertedId).not.toBe(mine.json().insertedId);
    expect(await ordersOf(partId)).toBe(2);
  });

  it('sent twice at once places exactly one order; the other gets a 409 to retry or the replay', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const key = newKey();
    const body = { partsId: partId, quantity: 100, ...shipping };
    const replies = await Promise.all([order(alice, body, key), order(alice, body, key)]);
    const placed = replies.filter((res) => res.statusCode === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((res) => res.json().insertedId)).size).toBe(1);
    for (const res of replies.filter((res) => res.statusCode !== 201)) {
      expectError(res, 409, 'idempotency_key_in_use');
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(await ordersOf(partId)).toBe(1);
    expect(await stockOf(partId)).toBe(900);
    // Once the first has answered, the retry gets its reply.
    const later = await order(alice, body, key);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.json().insertedId).toBe(placed[0]?.json().insertedId);
  });

  it('that failed frees its key: the same request succeeds once the stock is there', async () => {
    const partId = await addPart(t, { availableQuantity: 120 });
    const key = newKey();
    const body = { partsId: partId, quantity: 200, ...shipping };
    const refused = await order(alice, body, key);
    expectError(refused, 400, 'invalid');
    expect(refused.json().error.message).toBe('maximum order 120');
    await t.db.update(parts).set({ availableQuantity: 500 }).where(eq(parts.id, partId));
    const retried = await order(alice, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(partId)).toBe(1);
    expect(await stockOf(partId)).toBe(300);
  });

  it('still at work makes a twin wait (409, Retry-After: 1); one that died frees its key after its lock', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const body = { partsId: partId, quantity: 100, ...shipping };
    // The same request sent once with another key shows what it looks like to the server.
    const other = newKey();
    expect((await order(alice, body, other)).statusCode).toBe(201);
    const [done] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, other));
    if (!done) throw new Error('the key was not kept');
    // As a call still at work (or an instance that crashed) leaves its key: claimed, not answered.
    const key = newKey();
    await t.db.insert(idempotencyKeys).values({
      userId: done.userId,
      key,
      operation: done.operation,
      fingerprint: done.fingerprint,
      lockedUntil: new Date(Date.now() + 30_000),
    });
    const twin = await order(alice, body, key);
    expectError(twin, 409, 'idempotency_key_in_use');
    expect(twin.headers['retry-after']).toBe('1');
    expect(await ordersOf(partId)).toBe(1);
    // The lock passes: the key is free again, and the request does its work once.
    await t.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await order(alice, body, key);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(partId)).toBe(2);
    expect((await order(alice, body, key)).headers['idempotent-replayed']).toBe('true');
  });

  it('is 1 to 255 visible characters; anything else is a 400 that names the rule', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const body = { partsId: partId, quantity: 100, ...shipping };
    const before = await snapshot(t.db);
    for (const key of ['', 'x'.repeat(256), 'two words', 'clé']) {
      const res = await order(alice, body, key);
      expectError(res, 400, 'invalid');
      expect(res.json().error.message).toContain('Idempotency-Key');
    }
    await expectUnchanged(t.db, before);
    expect((await order(alice, body, `${'k'.repeat(254)}~`)).statusCode).toBe(201);
  });

  it('changes nothing without the header: each request is an order', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const body = { partsId: partId, quantity: 100, ...shipping };
    expect((await order(alice, body)).statusCode).toBe(201);
    expect((await order(alice, body)).statusCode).toBe(201);
    expect(await ordersOf(partId)).toBe(2);
  });
});

describe('other calls that take an Idempotency-Key', () => {
  it('a checkout replayed is one order, and the cart is emptied once', async () => {
    const partId = await addPart(t, { availableQuantity: 1000, minimumQuantity: 10 });
    const calls = companyCalls(t);
    await calls.ok(bob, 'PUT', `/api/cart/lines/${partId}`, { quantity: 40 });
    const key = newKey();
    const body = toDock;
    const first = await post(bob, '/api/checkout', body, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(bob, '/api/checkout', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await ordersOf(partId)).toBe(1);
    expect(await stockOf(partId)).toBe(960);
  });

  it('a payment intent replayed gives the same client secret and makes no second intent', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const orderId = await placeOrder(t, alice, partId);
    const key = newKey();
    const first = await post(alice, '/api/create-payment-intent', { orderId }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(alice, '/api/create-payment-intent', { orderId }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    const intents = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(intents).toHaveLength(1);
  });

  it('a company approval replayed approves once and answers the approved order again', async () => {
    const calls = companyCalls(t);
    const [owner, buyer] = [await signUp(t.app, 'owner'), await signUp(t.app, 'buyer')];
    const partId = await addPart(t, { minimumQuantity: 10, priceCents: 425 });
    await calls.ok(owner, 'POST', '/api/addresses', dock, 201);
    await calls.createCompany(owner, 'Acme Fleet Ltd');
    await calls.ok(buyer, 'POST', '/api/company/invitations/accept', {
      token: await calls.invite(owner, buyer, 'buyer', 100),
    });
    // $170 is above the buyer's $100 limit: it waits for an owner.
    const waiting = await calls.checkout(buyer, partId, 40);
    expect(waiting.approval).toBe('awaiting');
    const url = `/api/company/orders/${waiting._id}/approve`;
    const key = newKey();
    const first = await post(owner, url, { note: 'Fine' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const approvalMails = () =>
      t.mail.filter((m) => m.to === buyer.email && m.subject.includes('is approved')).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mailed = approvalMails();
    const again = await post(owner, url, { note: 'Fine' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(approvalMails()).toBe(mailed);
    // Without the key, a second approval is what it always was: refused, the order is decided.
    expectError(await post(owner, url, { note: 'Fine' }), 409);
    // The same key to reject it is another request.
    expectError(
      await post(owner, `/api/company/orders/${waiting._id}/reject`, { note: 'No' }, key),
      409,
      'idempotency_key_reused',
    );
    const listed = orderList.parse(await calls.ok(owner, 'GET', '/api/company/orders'));
    expect(listed.find((o) => o._id === waiting._id)?.approval).toBe('approved');
  });
});

describe('keys older than a day', () => {
  it('are purged in batches, and a key used again after a day is a new request', async () => {
    const partId = await addPart(t, { availableQuantity: 1000 });
    const key = newKey();
    const body = { partsId: partId, quantity: 100, ...shipping };
    expect((await order(alice, body, key)).statusCode).toBe(201);
    const kept = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept).toHaveLength(1);
    const dayAgo = () => new Date(Date.now() - 24 * 60 * 60_000 - 1000);
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: dayAgo() })
      .where(eq(idempotencyKeys.key, key));
    // Before the purge has run, the old key is new again.
    const nextDay = await order(alice, body, key);
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf(partId)).toBe(2);
    // The purge deletes what is older than a day, and only that.
    const recent = (await t.db.select().from(idempotencyKeys)).length;
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: dayAgo() })
      .where(eq(idempotencyKeys.key, key));
    expect(await purgeIdempotencyKeys(t.db, () => new Date())).toBe(1);
    expect(await t.db.select().from(idempotencyKeys)).toHaveLength(recent - 1);
    // A day later, everything kept today is gone too.
    const tomorrow = () => new Date(Date.now() + 24 * 60 * 60_000 + 1000);
    expect(await purgeIdempotencyKeys(t.db, tomorrow)).toBe(recent - 1);
    expect(await t.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
