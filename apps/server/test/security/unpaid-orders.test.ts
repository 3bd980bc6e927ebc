// Attack catalogue, stock held hostage (issue 14 #7; ASVS 5 V2.4.1 anti-automation, OWASP API6
// unrestricted access to sensitive business flows): one account took a part's whole stock with an
// order it never paid. Only verified customers order, each holds at most a few unpaid orders
// (counted under a lock, so parallel orders cannot all pass), and unpaid orders expire with
// their stock returned, exactly once, whoever sweeps.
import { unpaidOrdersMessage } from '@axle/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../src/adapters/payments/sandbox-provider.ts';
import { orders, parts, payments, sandboxIntents, users } from '../../src/db/schema.ts';
import { expireUnpaidOrders } from '../../src/features/orders/expire-unpaid-orders.ts';
import { defaultOrderLimits } from '../../src/features/orders/orders.service.ts';
import { type Customer, signUp } from '../customers.ts';
import { orderWorld } from '../test-app.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  paidOrder,
  payInSandbox,
  placeOrder,
  shipping,
  type TestApp,
} from './support.ts';

let t: TestApp;
let partId: string;
const HOUR = 3_600_000;
const { unpaidPerCustomer, unpaidHours } = defaultOrderLimits;

beforeAll(async () => {
  // The shop's own limits (5 unpaid orders, 24 hours), as production has them.
  t = await createSecurityTestApp({ orderLimits: defaultOrderLimits });
  partId = await addPart(t, { availableQuantity: 100_000 });
});
afterAll(() => t.close());

const order = (who: Customer, quantity = 100) =>
  t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: who.headers,
    payload: { partsId: partId, quantity, ...shipping },
  });
const cancel = (who: Customer, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: who.headers });
const stock = async () =>
  (await t.db.select().from(parts).where(eq(parts.id, partId)))[0]?.availableQuantity;
/** The expiry as the server's timer runs it, `hours` from now. */
const sweepIn = (hours: number) =>
  expireUnpaidOrders({
    db: t.db,
    provider: createSandboxProvider(t.db),
    ...orderWorld(),
    limits: defaultOrderLimits,
    now: () => new Date(Date.now() + hours * HOUR),
  });
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('who may hold stock in unpaid orders', () => {
  it('[OO-11] an account whose address is not verified takes no stock, even with a session from before', async () => {
    // Such an account cannot sign in (RS-11); one whose address is marked unverified afterwards
    // (an admin's correction, say) keeps no power to order.
    const squatter = await signUp(t.app, 'unverified');
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.email, squatter.email));
    const before = await snapshot(t.db);
    const res = await order(squatter, 100_000);
    expectError(res, 401, 'unauthorized');
    await expectUnchanged(t.db, before);
  });

  it(`[OO-12] a customer holding ${unpaidPerCustomer} unpaid orders is refused another (409) until one is paid or cancelled`, async () => {
    const hoarder = await signUp(t.app, 'hoarder');
    const placed: string[] = [];
    for (let i = 0; i < unpaidPerCustomer; i++) placed.push(await placeOrder(t, hoarder, partId));
    const before = await snapshot(t.db);
    const res = await order(hoarder);
    expectError(res, 409, 'conflict');
    expect(res.json().error.message).toBe(unpaidOrdersMessage(unpaidPerCustomer));
    await expectUnchanged(t.db, before);
    // Paying one or cancelling one makes room again: honest customers are not stuck.
    await payInSandbox(t, hoarder, placed[0] ?? '');
    expect((await cancel(hoarder, placed[0] ?? '')).statusCode).toBe(409); // now paid
    expect((await order(hoarder)).statusCode).toBe(201);
    expect((await cancel(hoarder, placed[1] ?? '')).statusCode).toBe(200);
    expect((await order(hoarder)).statusCode).toBe(201);
    expectError(await order(hoarder), 409, 'conflict');
  });

  it(`[OO-13] 20 orders sent at once by one customer: exactly ${unpaidPerCustomer} are placed`, async () => {
    const rusher = await signUp(t.app, 'rusher');
    const stockBefore = (await stock()) ?? 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => order(rusher)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(unpaidPerCustomer);
    for (const refused of results.filter((r) => r.statusCode !== 201))
      expectError(refused, 409, 'conflict');
    expect(await stock()).toBe(stockBefore - unpaidPerCustomer * 100);
  });
});

describe('unpaid orders expire', () => {
  it(`[OO-14] an order unpaid ${unpaidHours} hours after it was placed is cancelled and its stock returned; younger and paid ones stay`, async () => {
    await sweepIn(unpaidHours + 1); // the earlier tests' unpaid orders go first
    const buyer = await signUp(t.app, 'slow-payer');
    const stockBefore = (await stock()) ?? 0;
    const unpaid = await placeOrder(t, buyer, partId, 300);
    const { orderId: paid } = await paidOrder(t, buyer, partId, 200);

    let before = await snapshot(t.db);
    expect((await sweepIn(unpaidHours - 1)).expired).toEqual([]);
    await expectUnchanged(t.db, before);

    before = await snapshot(t.db);
    const { expired } = await sweepIn(unpaidHours + 0.1);
    expect(expired.map((o) => o._id)).toEqual([unpaid]);
    const changed = await changedSince(t.db, before);
    // The order, its stock (back in its warehouse), and its customer's mail queued with them (ADR 020).
    expect(Object.keys(changed).sort()).toEqual(['jobs', 'orders', 'part_stock', 'parts']);
    expect(changed.orders?.added).toEqual([
      expect.objectContaining({ id: unpaid, paid: false, cancelledAt: expect.any(String) }),
    ]);
    expect(await stock()).toBe(stockBefore - 200);
    // Cancelled, as a customer's CANCEL ORDER would: gone from the list, no longer payable.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/userorder?email=${encodeURIComponent(buyer.email)}`,
      headers: buyer.headers,
    });
    expect(mine.json().map((o: { _id: string }) => o._id)).toEqual([paid]);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: buyer.headers,
        payload: { orderId: unpaid },
      }),
      409,
      'conflict',
    );
  });

  it('[OO-15] four sweepers at once (as four instances would) return each expired order’s stock exactly once', async () => {
    await sweepIn(unpaidHours + 1);
    const stockBefore = (await stock()) ?? 0;
    const placed: string[] = [];
    for (const label of ['fleet-a', 'fleet-b', 'fleet-c']) {
      const buyer = await signUp(t.app, label);
      for (let i = 0; i < 4; i++) placed.push(await placeOrder(t, buyer, partId, 100 + i));
    }
    const sweeps = await Promise.all(Array.from({ length: 4 }, () => sweepIn(unpaidHours + 1)));
    const expired = sweeps.flatMap((s) => s.expired.map((o) => o._id));
    expect(expired.sort()).toEqual([...placed].sort());
    expect(await stock()).toBe(stockBefore);
    const rows = await t.db.select().from(orders).where(inArray(orders.id, placed));
    expect(rows.every((row) => row.cancelledAt !== null)).toBe(true);
    const before = await snapshot(t.db);
    expect((await sweepIn(unpaidHours + 1)).expired).toEqual([]);
    await expectUnchanged(t.db, before);
  });

  it('[OO-16] an expired order’s open card payment is cancelled at the provider first; one that went through makes the order paid instead', async () => {
    await sweepIn(unpaidHours + 1);
    const buyer = await signUp(t.app, 'card-payer');
    const stockBefore = (await stock()) ?? 0;
    const abandoned = await placeOrder(t, buyer, partId);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: buyer.headers,
      payload: { orderId: abandoned },
    });
    expect(opened.statusCode).toBe(200);
    const payedUnreported = await placeOrder(t, buyer, partId);
    await payInSandbox(t, buyer, payedUnreported); // the page never reported it

    const { expired } = await sweepIn(unpaidHours + 1);
    expect(expired.map((o) => o._id)).toEqual([abandoned]);
    expect(await orderRow(payedUnreported)).toMatchObject({ paid: true, cancelledAt: null });
    expect(await stock()).toBe(stockBefore - 100);
    const intents = await t.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.orderId, abandoned));
    expect(intents.map((i) => i.status)).toEqual(['canceled']);
    const recorded = await t.db.select().from(payments).where(eq(payments.orderId, abandoned));
    expect(recorded.map((p) => p.status)).toEqual(['canceled']);
  });
});
