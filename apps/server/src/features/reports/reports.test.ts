// Issue 33 #1 and #4: the sales report's sums against orders made here (paid, unpaid, cancelled,
// by card and by a company, paid either side of midnight in the shop's time zone, Asia/Dhaka at
// UTC+6), kept day by day by migration 0033's trigger and counted again when the time zone
// changes; the parts below their reorder point with their pace of sales; the admins' low-stock
// mail, once per crossing. Admins only.
import { lowStockList, salesReport } from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  paidOrder,
  payInSandbox,
  placeOrder,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from '../../../test/security/support.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { mailLowStock, useShopTimeZone } from './reports.service.ts';

// Noon in Dhaka on 2026-03-10; the shop's "today".
const NOW = new Date('2026-03-10T06:00:00Z');
let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let alice: Customer;
let bob: Customer;
let pads: string;
let discs: string;

const report = async (query = '') =>
  salesReport.parse(await c.ok(admin, 'GET', `/api/admin/reports/sales${query}`));
/** Says the order was paid at `at` (the trigger moves its sale to that day). */
const paidAt = (id: string, at: string) =>
  t.db
    .update(orders)
    .set({ invoicedAt: new Date(at) })
    .where(eq(orders.id, id));

beforeAll(async () => {
  t = await createSecurityTestApp({ shopTimeZone: 'Asia/Dhaka', now: () => NOW });
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  pads = await addPart(t, {
    partNumber: 'RP-PADS',
    name: 'Brake pads',
    priceCents: 1000,
    minimumQuantity: 1,
    availableQuantity: 500,
  });
  discs = await addPart(t, {
    partNumber: 'RP-DISCS',
    name: 'Brake discs',
    priceCents: 2500,
    minimumQuantity: 1,
    availableQuantity: 500,
  });
});
afterAll(() => t.close());

describe('GET /api/admin/reports/sales', () => {
  it("sums paid orders on the shop's days, leaves out unpaid and cancelled ones, and compares with the days before", async () => {
    // Alice: 2 pads ($20) paid at 23:30 in Dhaka on March 8 (17:30 UTC), 1 disc ($25) paid at
    // 00:30 in Dhaka on March 9 (18:30 UTC the 8th): a UTC day would put both on the 8th.
    const late = (await paidOrder(t, alice, pads, 2)).orderId;
    await paidAt(late, '2026-03-08T17:30:00Z');
    const early = (await paidOrder(t, alice, discs, 1)).orderId;
    await paidAt(early, '2026-03-08T18:30:00Z');
    // Bob's company: 4 discs ($100) paid on March 10.
    await c.createCompany(bob, 'Bob Fleet Ltd');
    const fleet = await c.checkout(bob, discs, 4);
    const transaction = await payInSandbox(t, bob, fleet._id);
    await c.ok(bob, 'PUT', `/api/order/${fleet._id}`, { transaction });
    await paidAt(fleet._id, '2026-03-10T03:00:00Z');
    // Neither an unpaid order nor a cancelled one counts; nor one paid before the range (March 1).
    await placeOrder(t, alice, pads, 7);
    const cancelled = await placeOrder(t, alice, pads, 9);
    await c.ok(alice, 'DELETE', `/api/order/${cancelled}`);
    const before = (await paidOrder(t, alice, pads, 3)).orderId;
    await paidAt(before, '2026-03-01T10:00:00Z');

    const days = await report('?from=2026-03-08&to=2026-03-10');
    expect(days).toMatchObject({ from: '2026-03-08', to: '2026-03-10', timeZone: 'Asia/Dhaka' });
    expect(days.series).toEqual([
      { start: '2026-03-08', orders: 1, revenue: 20 },
      { start: '2026-03-09', orders: 1, revenue: 25 },
      { start: '2026-03-10', orders: 1, revenue: 100 },
    ]);
    expect(days.totals).toEqual({ orders: 3, revenue: 145, averageOrder: 48.33 });
    // The three days before: March 5 to 7, no sales; March 1 is further back.
    expect(days.previous).toEqual({ from: '2026-03-05', to: '2026-03-07', orders: 0, revenue: 0 });
    expect(days.topParts).toEqual([
      { partId: discs, partNumber: 'RP-DISCS', name: 'Brake discs', quantity: 5, revenue: 125 },
      { partId: pads, partNumber: 'RP-PADS', name: 'Brake pads', quantity: 2, revenue: 20 },
    ]);
    expect(
      days.topCustomers.map(({ kind, name, orders, revenue }) => [kind, name, orders, revenue]),
    ).toEqual([
      ['company', 'Bob Fleet Ltd', 1, 100],
      ['customer', alice.name, 2, 45],
    ]);
    expect(days.toShip).toBe(4);
    // Another sale in the range ranks again (the rankings of a range are kept while its sales
    // stay the same): 3 pads ($30) on March 9 put the pads first by units, still second by revenue.
    const more = (await paidOrder(t, alice, pads, 3)).orderId;
    await paidAt(more, '2026-03-09T05:00:00Z');
    const again = await report('?from=2026-03-08&to=2026-03-10');
    expect(again.topParts.map((part) => [part.partNumber, part.quantity, part.revenue])).toEqual([
      ['RP-DISCS', 5, 125],
      ['RP-PADS', 5, 50],
    ]);
    expect(again.topCustomers.map((customer) => [customer.orders, customer.revenue])).toEqual([
      [1, 100],
      [3, 75],
    ]);
    await paidAt(more, '2026-02-01T05:00:00Z');

    // By week (the range starts on Sunday March 1; Mondays start the others) and by month;
    // without dates, the 30 days up to today.
    expect((await report('?from=2026-03-01&to=2026-03-10&interval=week')).series).toEqual([
      { start: '2026-03-01', orders: 1, revenue: 30 },
      { start: '2026-03-02', orders: 1, revenue: 20 },
      { start: '2026-03-09', orders: 2, revenue: 125 },
    ]);
    expect((await report('?from=2026-02-15&to=2026-03-31&interval=month')).series).toEqual([
      { start: '2026-02-15', orders: 0, revenue: 0 },
      { start: '2026-03-01', orders: 4, revenue: 175 },
    ]);
    const recent = await report();
    expect([recent.from, recent.to, recent.series.length]).toEqual([
      '2026-02-09',
      '2026-03-10',
      30,
    ]);
    expect(recent.totals.orders).toBe(4);
  });

  it('counts every sale again when the time zone changes', async () => {
    await useShopTimeZone(t.db, 'UTC');
    const utc = await report('?from=2026-03-08&to=2026-03-09');
    expect(utc.series.map((point) => point.orders)).toEqual([2, 0]);
    await useShopTimeZone(t.db, 'Asia/Dhaka');
    const dhaka = await report('?from=2026-03-08&to=2026-03-09');
    expect(dhaka.series.map((point) => point.orders)).toEqual([1, 1]);
  });

  it('refuses bad ranges, customers and visitors', async () => {
    for (const query of [
      '?from=2026-03-10&to=2026-03-01',
      '?from=2020-01-01&to=2026-01-01',
      '?interval=year',
      '?from=yesterday',
      '?limit=5',
    ])
      expectError(await c.call(admin, 'GET', `/api/admin/reports/sales${query}`), 400);
    refusedAnonymous(await c.call(null, 'GET', '/api/admin/reports/sales'));
    refusedForbidden(await c.call(alice, 'GET', '/api/admin/reports/sales'));
  });
});

describe('low stock', () => {
  const low = async () => lowStockList.parse(await c.ok(admin, 'GET', '/api/admin/stock/low'));
  const rowOf = async (partId: string) => (await low()).rows.find((row) => row.partId === partId);
  const lowMails = () => t.mail.filter((mail) => /reorder point/.test(mail.subject));

  it('lists the parts below their reorder point with the last 30 days of sales and days of cover, and mails each crossing once', async () => {
    const filter = await addPart(t, {
      partNumber: 'RP-FILTER',
      name: 'Oil filter',
      priceCents: 500,
      minimumQuantity: 5,
      availableQuantity: 40,
    });
    expect(await rowOf(filter)).toBeUndefined();
    // 30 sold today: 10 left, below twice the minimum order (10 is not below 10: 2 more).
    await paidOrder(t, alice, filter, 30);
    expect(await rowOf(filter)).toBeUndefined();
    await paidOrder(t, alice, filter, 5);
    expect(await rowOf(filter)).toEqual({
      partId: filter,
      partNumber: 'RP-FILTER',
      name: 'Oil filter',
      available: 5,
      reorderPoint: 10,
      defaultReorderPoint: true,
      soldLast30Days: 35,
      // 35 in 30 days: 5 last about four days.
      daysOfCover: 4.3,
      restockDate: null,
    });

    const before = lowMails().length;
    expect(await mailLowStock(t.db, 'http://shop.test')).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain();
    const mailed = lowMails().slice(before);
    const toAdmin = mailed.find((mail) => mail.to === admin.email);
    expect(toAdmin?.text).toContain('RP-FILTER');
    expect(toAdmin?.text).toContain('http://shop.test/dashboard/low-stock');
    expect(mailed.some((mail) => mail.to === alice.email)).toBe(false);
    // Once per crossing: the next day's mail does not name it again…
    expect(await mailLowStock(t.db, 'http://shop.test')).toBe(0);
    // …until it goes back above the point and falls below again.
    await t.db.update(parts).set({ availableQuantity: 50 }).where(eq(parts.id, filter));
    expect(await rowOf(filter)).toBeUndefined();
    await t.db.update(parts).set({ availableQuantity: 3 }).where(eq(parts.id, filter));
    expect(await mailLowStock(t.db, 'http://shop.test')).toBe(1);
  });

  it("takes a part's own reorder point, audited, and goes back to the default", async () => {
    const belt = await addPart(t, {
      partNumber: 'RP-BELT',
      minimumQuantity: 2,
      availableQuantity: 20,
    });
    expect(await rowOf(belt)).toBeUndefined();
    expect(
      await c.ok(admin, 'PUT', `/api/admin/parts/${belt}/reorder-point`, { reorderPoint: 25 }),
    ).toEqual({ partId: belt, available: 20, reorderPoint: 25, defaultReorderPoint: false });
    expect(await rowOf(belt)).toMatchObject({
      reorderPoint: 25,
      soldLast30Days: 0,
      daysOfCover: null,
    });
    // The emptiest first: the filter (3 of 10 left) before the belt (20 of 25).
    const numbers = (await low()).rows.map((row) => row.partNumber);
    expect(numbers.indexOf('RP-FILTER')).toBeGreaterThan(-1);
    expect(numbers.indexOf('RP-FILTER')).toBeLessThan(numbers.indexOf('RP-BELT'));
    const log = (await c.ok(admin, 'GET', '/api/admin/audit-log?limit=1')) as { action: string }[];
    expect(log[0]?.action).toBe('set-reorder-point');
    await c.ok(admin, 'PUT', `/api/admin/parts/${belt}/reorder-point`, { reorderPoint: null });
    expect(await rowOf(belt)).toBeUndefined();
    const [{ alerts = 0 } = {}] = (
      (await t.db.execute(
        sql`select count(*)::int as alerts from low_stock_alerts where part_id = ${belt}`,
      )) as unknown as { rows: { alerts: number }[] }
    ).rows;
    expect(alerts).toBe(0);
  });

  it('refuses bad reorder points, unknown parts, customers and visitors', async () => {
    for (const body of [{ reorderPoint: -1 }, { reorderPoint: 1.5 }, { reorderPoint: '5' }, {}])
      expectError(await c.call(admin, 'PUT', `/api/admin/parts/${pads}/reorder-point`, body), 400);
    expectError(
      await c.call(admin, 'PUT', `/api/admin/parts/${NO_ID}/reorder-point`, { reorderPoint: 1 }),
      404,
    );
    refusedForbidden(await c.call(alice, 'GET', '/api/admin/stock/low'));
    refusedAnonymous(await c.call(null, 'GET', '/api/admin/stock/low'));
    refusedForbidden(
      await c.call(alice, 'PUT', `/api/admin/parts/${pads}/reorder-point`, { reorderPoint: 1 }),
    );
  });
});
