// The scale generator (issue 15 #1) on a fresh database of either engine: the sizes asked for,
// every order state with its payment, totals and counters the shop's own rules would leave, the
// same rows for the same seed, and no run over a shop's real orders without --force.
import { authReply } from '@axle/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase } from '../../../../test/test-app.ts';
import type { Db } from '../../client.ts';
import {
  brands,
  categories,
  credentials,
  fitments,
  invoiceCounter,
  orderLines,
  orders,
  partAttributes,
  partReferences,
  parts,
  payments,
  reviews,
  sandboxIntents,
  users,
  vehicles,
} from '../../schema.ts';
import { CUSTOMER_PASSWORD, fillWithScaleData, RealOrdersError, type ScaleRun } from './fill.ts';
import { SUPERSEDED_EVERY } from './generate.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const small: ScaleRun = {
  parts: 500,
  customers: 120,
  orders: 500,
  reviews: 60,
  seed: 42,
  now: NOW,
  force: false,
  rules: { unpaidHours: 24, unpaidPerCustomer: 5 },
  batchSize: 200,
};

const open: { dispose(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((database) => database.dispose()));
});

async function freshDb(): Promise<Db> {
  const database = await openTestDatabase();
  open.push(database);
  return database.db;
}

const countOf = async (
  db: Db,
  table:
    | typeof parts
    | typeof users
    | typeof orders
    | typeof reviews
    | typeof payments
    | typeof sandboxIntents
    | typeof credentials
    | typeof fitments
    | typeof partAttributes
    | typeof orderLines,
) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

// Each test fills one to three databases with thousands of rows: on a busy two-core machine one
// took up to 29 s, too near the suite's 30 s for every run to finish in time.
describe('the scale generator', { timeout: 90_000 }, () => {
  it('makes exactly the rows asked for, every order state, and payments for the paid ones', async () => {
    const db = await freshDb();
    const made = await fillWithScaleData(db, small);
    expect(await countOf(db, parts)).toBe(500);
    expect(await countOf(db, users)).toBe(120);
    expect(await countOf(db, credentials)).toBe(120);
    expect(await countOf(db, orders)).toBe(500);
    expect(await countOf(db, reviews)).toBe(60);

    const rows = await db.select().from(orders);
    const state = (o: (typeof rows)[number]) =>
      o.cancelledAt ? 'cancelled' : o.shipped ? 'shipped' : o.paid ? 'paid' : 'unpaid';
    expect(new Set(rows.map(state))).toEqual(new Set(['unpaid', 'paid', 'shipped', 'cancelled']));
    const paid = rows.filter((o) => o.paid);
    expect(made.payments).toBe(paid.length);
    expect(await countOf(db, payments)).toBe(paid.length);
    expect(await countOf(db, sandboxIntents)).toBe(paid.length);

    // Lines: the first is the order's own part; each copies its part's price and honours its
    // minimum; the order's total, and its payment, is the sum of its lines.
    const partById = new Map((await db.select().from(parts)).map((p) => [p.id, p]));
    const paymentByOrder = new Map((await db.select().from(payments)).map((p) => [p.orderId, p]));
    const linesByOrder = new Map<string, (typeof orderLines.$inferSelect)[]>();
    for (const line of await db.select().from(orderLines).orderBy(asc(orderLines.position)))
      linesByOrder.set(line.orderId, [...(linesByOrder.get(line.orderId) ?? []), line]);
    expect(made.orderLines).toBe(await countOf(db, orderLines));
    expect(made.orderLines).toBeGreaterThan(rows.length);
    for (const order of rows) {
      const lines = linesByOrder.get(order.id) ?? [];
      expect(lines.length).toBe(order.lineCount);
      expect(lines[0]).toMatchObject({
        partId: order.partId,
        quantity: order.quantity,
        unitPriceCents: order.unitPriceCents,
      });
      for (const line of lines) {
        const part = partById.get(line.partId);
        expect(part?.priceCents).toBe(line.unitPriceCents);
        expect(part?.partNumber).toBe(line.partNumber);
        expect(line.quantity).toBeGreaterThanOrEqual(part?.minimumQuantity ?? Infinity);
      }
      expect(order.totalCents).toBe(
        lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0),
      );
      if (!order.paid) continue;
      const payment = paymentByOrder.get(order.id);
      expect(payment?.amountCents).toBe(order.totalCents);
      expect(payment?.intentId).toBe(order.transaction);
      expect(payment?.status).toBe('succeeded');
    }
    // Every paid order has its invoice, numbered 1, 2, 3… with no gap, and the counter goes on.
    const numbers = paid.map((o) => o.invoiceNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(numbers).toEqual(paid.map((_, i) => i + 1));
    const [counter] = await db.select().from(invoiceCounter);
    expect(counter?.last).toBe(paid.length);
    // Dates within the two years before `now`; unpaid orders young enough not to have expired.
    const twoYearsAgo = NOW.getTime() - 731 * 24 * 3_600_000;
    for (const order of rows) {
      expect(order.createdAt.getTime()).toBeGreaterThanOrEqual(twoYearsAgo);
      expect(order.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (!order.paid && !order.cancelledAt)
        expect(NOW.getTime() - order.createdAt.getTime()).toBeLessThan(24 * 3_600_000);
    }
    // The unpaid-orders counter (trigger of migration 0006) agrees and never passes the cap.
    const [counters] = await db
      .select({
        // Spelled out: in a one-table select Drizzle leaves column names unqualified.
        wrong: sql<number>`count(*) filter (where users.unpaid_orders <> (select count(*) from orders o
          where o.user_id = users.id and not o.paid and o.cancelled_at is null))::int`,
        most: sql<number>`max(${users.unpaidOrders})::int`,
      })
      .from(users);
    expect(counters?.wrong).toBe(0);
    expect(counters?.most).toBeLessThanOrEqual(5);
    // The sales kept day by day (migration 0033), counted once at the end, sum to the paid orders.
    const sums = (await db.execute(sql`select
        (select coalesce(sum(orders), 0)::int from sales_days) as kept,
        (select count(*)::int from orders where paid and cancelled_at is null) as paid,
        (select coalesce(sum(quantity), 0)::bigint from part_sales_days) as units,
        (select coalesce(sum(l.quantity), 0)::bigint from order_lines l join orders o on o.id = l.order_id
          where o.paid and o.cancelled_at is null) as sold`)) as unknown as {
      rows: { kept: number; paid: number; units: string; sold: string }[];
    };
    const [sales] = sums.rows;
    expect(sales?.kept).toBe(sales?.paid);
    expect(sales?.kept).toBeGreaterThan(0);
    expect(String(sales?.units)).toBe(String(sales?.sold));

    const ratings = new Set((await db.select({ r: reviews.rating }).from(reviews)).map((r) => r.r));
    expect([...ratings].every((r) => r >= 1 && r <= 5)).toBe(true);
    expect(ratings.size).toBeGreaterThan(2);
  });

  it('fills every catalogue field: brand, leaf category, unique number, weight, attributes, OE numbers and about four vehicles', async () => {
    const db = await freshDb();
    const made = await fillWithScaleData(db, { ...small, orders: 0, reviews: 0 });
    const rows = await db.select().from(parts);
    expect(rows.every((p) => p.brandId && p.categoryId && p.weightGrams)).toBe(true);
    expect(new Set(rows.map((p) => p.partNumberKey)).size).toBe(rows.length);
    const leaves = await db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`${categories.parentId} is not null`);
    const leafIds = new Set(leaves.map((c) => c.id));
    expect(rows.every((p) => leafIds.has(p.categoryId ?? ''))).toBe(true);
    // Search finds a part by its brand and by its number in another spelling.
    expect(rows.every((p) => p.searchText.includes(p.partNumber.toLowerCase()))).toBe(true);

    const fitted = (await countOf(db, fitments)) ?? 0;
    expect(made.fitments).toBe(fitted);
    expect(fitted / rows.length).toBeGreaterThan(2);
    expect(fitted / rows.length).toBeLessThan(6);
    const oe = await db
      .select({ partId: partReferences.partId })
      .from(partReferences)
      .where(sql`${partReferences.kind} = 'oe'`);
    expect(new Set(oe.map((r) => r.partId)).size).toBe(rows.length);
    expect(await countOf(db, partAttributes)).toBeGreaterThanOrEqual(rows.length);
    // One part in fifty has a superseded number, replaced by a part nothing replaces.
    const superseded = rows.filter((p) => p.supersededBy);
    expect(superseded.length).toBe(Math.floor((rows.length - 2) / SUPERSEDED_EVERY) + 1);
    const replacing = new Set(superseded.map((p) => p.supersededBy));
    expect(rows.filter((p) => replacing.has(p.id)).every((p) => p.supersededBy === null)).toBe(
      true,
    );
    // Stock is spread over three warehouses (issue 32 #2), each part's adding up to its total.
    const stock = (await db.execute(sql`select w.code, count(*)::int as parts,
        count(*) filter (where s.quantity > 0)::int as holding,
        (select count(*)::int from parts p where p.available_quantity <>
          coalesce((select sum(x.quantity) from part_stock x where x.part_id = p.id), 0)) as wrong
      from part_stock s join warehouses w on w.id = s.warehouse_id
      group by w.code, w.position order by w.position`)) as unknown as {
      rows: { code: string; parts: number; holding: number; wrong: number }[];
    };
    expect(stock.rows.map((row) => row.code)).toEqual(['MAIN', 'CTG', 'SYL']);
    for (const row of stock.rows) {
      expect(row.holding).toBeGreaterThan(rows.length / 3);
      expect(row.wrong).toBe(0);
    }
  });

  it('makes the same rows for the same seed, and other rows for another', async () => {
    // Brands, categories and vehicles are made with random ids on each database: a part is
    // compared by their names.
    const snapshot = async (db: Db) => ({
      parts: (
        await db
          .select({
            part: parts,
            brand: brands.name,
            category: categories.slug,
          })
          .from(parts)
          .innerJoin(brands, eq(brands.id, parts.brandId))
          .innerJoin(categories, eq(categories.id, parts.categoryId))
          .orderBy(asc(parts.id))
      ).map(({ part: { brandId: _b, categoryId: _c, ...part }, ...names }) => ({
        ...part,
        ...names,
      })),
      references: await db
        .select()
        .from(partReferences)
        .orderBy(asc(partReferences.partId), asc(partReferences.kind), asc(partReferences.number)),
      fitted: (
        await db
          .select({
            partId: fitments.partId,
            make: vehicles.make,
            model: vehicles.model,
            from: vehicles.yearFrom,
            variant: vehicles.variant,
            note: fitments.note,
          })
          .from(fitments)
          .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
      ).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      users: await db.select().from(users).orderBy(asc(users.id)),
      credentials: await db.select().from(credentials).orderBy(asc(credentials.userId)),
      orders: await db.select().from(orders).orderBy(asc(orders.id)),
      payments: await db.select().from(payments).orderBy(asc(payments.id)),
      reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    });
    const run = { ...small, parts: 80, customers: 30, orders: 90, reviews: 20 };
    const [first, second, other] = await Promise.all([freshDb(), freshDb(), freshDb()]);
    await fillWithScaleData(first, run);
    await fillWithScaleData(second, run);
    await fillWithScaleData(other, { ...run, seed: 43 });
    const firstRows = await snapshot(first);
    expect(await snapshot(second)).toEqual(firstRows);
    expect((await snapshot(other)).parts.map((p) => p.name)).not.toEqual(
      firstRows.parts.map((p) => p.name),
    );
  });

  it('refuses a database with orders placed in the shop unless forced, and replaces an earlier run', async () => {
    const db = await freshDb();
    await fillWithScaleData(db, { ...small, parts: 20, customers: 10, orders: 30, reviews: 5 });
    // Run again: the earlier generated rows are replaced, not added to.
    await fillWithScaleData(db, { ...small, parts: 25, customers: 12, orders: 40, reviews: 6 });
    expect(await countOf(db, parts)).toBe(25);
    expect(await countOf(db, orders)).toBe(40);

    const [part] = await db
      .insert(parts)
      .values({
        name: 'Shop part',
        description: 'Added by an admin',
        availableQuantity: 10,
        minimumQuantity: 1,
        priceCents: 500,
      })
      .returning();
    const [buyer] = await db
      .insert(users)
      .values({
        email: 'buyer@garage.com',
        name: 'Buyer',
        providerId: 'password',
        emailVerified: true,
      })
      .returning();
    await db.insert(orders).values({
      userId: buyer?.id ?? null,
      partId: part?.id ?? '',
      partName: 'Shop part',
      unitPriceCents: 500,
      name: 'Buyer',
      email: 'buyer@garage.com',
      tel: '01712345678',
      country: 'Bangladesh',
      city: 'Dhaka',
      address: 'House 1',
      quantity: 2,
      totalCents: 1000,
    });
    await expect(fillWithScaleData(db, small)).rejects.toBeInstanceOf(RealOrdersError);
    expect(await countOf(db, orders)).toBe(41);

    await fillWithScaleData(db, { ...small, force: true });
    expect(await countOf(db, orders)).toBe(501);
    expect(await countOf(db, parts)).toBe(501);
    const [kept] = await db.select().from(orders).where(eq(orders.email, 'buyer@garage.com'));
    expect(kept?.quantity).toBe(2);
  });
});

describe('a generated customer', () => {
  it('signs in with the documented password and sees their own orders', async () => {
    const t = await createTestApp();
    try {
      const made = await fillWithScaleData(t.db, {
        ...small,
        parts: 30,
        customers: 3,
        orders: 40,
        reviews: 3,
      });
      const email = made.exampleCustomer ?? '';
      expect(email).toMatch(/@scale\.axle\.test$/);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: CUSTOMER_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const { token } = authReply.parse(res.json());
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/userorder?email=${encodeURIComponent(email)}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(own.statusCode).toBe(200);
      expect(JSON.stringify(own.json())).toContain(email);
    } finally {
      await t.close();
    }
  });
});
