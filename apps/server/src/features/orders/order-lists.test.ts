// My Orders at more orders than a page (issue 15): the customer's own only, newest first, a page at
// a time with the total and a link to the next page.
import { orderList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from './orders.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: Customer;
let other: Customer;
const OWN = 45;

const myOrders = (who: Customer, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/userorder?email=${encodeURIComponent(who.email)}${query}`,
    headers: who.headers,
  });

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signUp(t.app, 'pages');
  other = await signUp(t.app, 'other');
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Wiper Blade',
      description: '24 inch',
      img: '/images/parts/oil-filter.svg',
      availableQuantity: 1000,
      minimumQuantity: 1,
      priceCents: 900,
    })
    .returning();
  const owners = await t.db.select({ id: users.id, email: users.email }).from(users);
  const idOf = (email: string) => owners.find((row) => row.email === email)?.id ?? null;
  const order = (email: string, i: number) => ({
    userId: idOf(email),
    partId: part?.id ?? '',
    partName: 'Wiper Blade',
    unitPriceCents: 900,
    name: 'Pages',
    email,
    tel: '01712345678',
    country: 'Bangladesh',
    city: 'Dhaka',
    address: '1 Road',
    quantity: 2,
    totalCents: 1800,
    cancelledAt: i % 10 === 9 ? new Date() : null,
    createdAt: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 3600_000),
  });
  await t.db
    .insert(orders)
    .values([
      ...Array.from({ length: OWN }, (_, i) => order(buyer.email, i)),
      ...Array.from({ length: 30 }, (_, i) => order(other.email, i)),
    ]);
});
afterAll(() => t.close());

describe('My Orders, paged', () => {
  it('pages my orders that are not cancelled, newest first, each once', async () => {
    const seen: string[] = [];
    const times: number[] = [];
    let query = '&limit=10';
    for (let page = 0; page < 10; page++) {
      const res = await myOrders(buyer, query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(OWN - 4));
      const rows = orderList.parse(res.json());
      expect(rows.length).toBeLessThanOrEqual(10);
      for (const row of rows) {
        expect(row.email).toBe(buyer.email);
        expect(row.cancelled).toBe(false);
        seen.push(row._id);
        times.push(Date.parse(row.createdAt));
      }
      const next = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1];
      if (!next) break;
      expect(next).toContain(`email=${encodeURIComponent(buyer.email)}`);
      query = `&${next.split('?')[1]?.replace(/(^|&)email=[^&]*/, '')}`;
    }
    expect(seen).toHaveLength(OWN - 4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers its first 100 without a limit, and never another customer's", async () => {
    const res = await myOrders(other);
    expect(orderList.parse(res.json())).toHaveLength(27);
    expect(res.headers.link).toBeUndefined();
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/userorder?email=${encodeURIComponent(buyer.email)}`,
      headers: other.headers,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses bad paging input with a 400', async () => {
    for (const query of ['&limit=0', '&limit=500', '&cursor=%%%', '&cursor=abc', '&page=1'])
      expect((await myOrders(buyer, query)).statusCode).toBe(400);
  });
});
