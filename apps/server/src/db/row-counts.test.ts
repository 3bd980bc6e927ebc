// The kept counts (migration 0009) follow every write, whatever writes it and however many rows a
// statement touches: lists without filters read their totals from them.
import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { users } from '../features/accounts/accounts.table.ts';
import { adminAuditLog } from '../features/admin/admin.table.ts';
import { parts } from '../features/catalog/catalog.table.ts';
import { orders } from '../features/orders/orders.table.ts';
import { reviews } from '../features/reviews/reviews.table.ts';
import { type CountName, keptCounts } from './row-counts.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names: CountName[] = [
  'parts',
  'users',
  'admins',
  'reviews',
  'review_ratings',
  'audit',
  'orders:unpaid',
  'orders:paid',
  'orders:shipped',
  'orders:cancelled',
];

/** Every count as the tables themselves have it now. */
async function counted(): Promise<Record<CountName, number>> {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const state = (condition: ReturnType<typeof sql>) =>
    n(t.db.select({ n: count() }).from(orders).where(condition));
  return {
    parts: await n(t.db.select({ n: count() }).from(parts)),
    users: await n(t.db.select({ n: count() }).from(users)),
    admins: await n(t.db.select({ n: count() }).from(users).where(eq(users.role, 'admin'))),
    reviews: await n(t.db.select({ n: count() }).from(reviews)),
    review_ratings: await n(
      t.db
        .select({ n: sql<number>`coalesce(sum(${reviews.rating}), 0)`.mapWith(Number) })
        .from(reviews),
    ),
    audit: await n(t.db.select({ n: count() }).from(adminAuditLog)),
    'orders:unpaid': await state(sql`cancelled_at is null and not paid`),
    'orders:paid': await state(sql`cancelled_at is null and paid and not shipped`),
    'orders:shipped': await state(sql`cancelled_at is null and shipped`),
    'orders:cancelled': await state(sql`cancelled_at is not null`),
  };
}

describe('kept counts', () => {
  it('follow inserts of many rows at once, updates that move orders between states, and deletes', async () => {
    expect(await keptCounts(t.db, names)).toEqual(await counted());

    const made = await t.db
      .insert(parts)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          name: `Counted part ${i}`,
          description: 'Counted',
          availableQuantity: 10,
          minimumQuantity: 1,
          priceCents: 100 + i,
        })),
      )
      .returning({ id: parts.id });
    await t.db.insert(users).values(
      Array.from({ length: 12 }, (_, i) => ({
        email: `counted${i}@counts.test`,
        name: `Counted ${i}`,
        providerId: 'password',
        ...(i < 3 ? { role: 'admin' } : {}),
      })),
    );
    await t.db
      .insert(reviews)
      .values(
        Array.from({ length: 9 }, (_, i) => ({ name: 'R', rating: 1 + (i % 5), comment: 'ok' })),
      );
    await t.db.insert(adminAuditLog).values(
      Array.from({ length: 4 }, (_, i) => ({
        adminEmail: 'a@counts.test',
        action: 'edit-part',
        target: `t${i}`,
      })),
    );
    const placed = await t.db
      .insert(orders)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          partId: made[i % made.length]?.id ?? '',
          partName: 'Counted part',
          unitPriceCents: 100,
          name: 'Counter',
          email: 'counter@counts.test',
          tel: '01712345678',
          country: 'Bangladesh',
          city: 'Dhaka',
          address: '1 Road',
          quantity: 1,
          totalCents: 100,
          paid: i % 3 !== 0,
          invoiceNumber: i % 3 !== 0 ? 1000 + i : null,
          shipped: i % 3 === 2,
          transaction: i % 3 !== 0 ? `pi_${i}` : null,
        })),
      )
      .returning({ id: orders.id });
    expect(await keptCounts(t.db, names)).toEqual(await counted());

    const ids = placed.map((row) => row.id);
    for (const [i, id] of ids.slice(0, 9).entries())
      await t.db
        .update(orders)
        .set({ paid: true, transaction: 'pi_later', invoiceNumber: 2000 + i })
        .where(eq(orders.id, id));
    await t.db
      .update(orders)
      .set({ cancelledAt: new Date() })
      .where(inArray(orders.id, ids.slice(9, 14)));
    const paidNotShipped = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`paid and not shipped and cancelled_at is null`)
      .limit(2);
    await t.db
      .update(orders)
      .set({ shipped: true })
      .where(
        inArray(
          orders.id,
          paidNotShipped.map((row) => row.id),
        ),
      );
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'counted7@counts.test'));
    expect(await keptCounts(t.db, names)).toEqual(await counted());

    await t.db.delete(orders).where(inArray(orders.id, ids.slice(25)));
    await t.db
      .delete(users)
      .where(inArray(users.email, ['counted0@counts.test', 'counted5@counts.test']));
    await t.db.delete(reviews).where(eq(reviews.rating, 5));
    expect(await keptCounts(t.db, names)).toEqual(await counted());
  });

  it('answers 0 for a count nothing was ever written to', async () => {
    expect(await keptCounts(t.db, ['orders:cancelled'])).toEqual({
      'orders:cancelled': (await counted())['orders:cancelled'],
    });
  });
});
