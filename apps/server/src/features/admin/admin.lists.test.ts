// The admin's lists at more rows than a page (issue 15): bounded pages, X-Total-Count, the Link to
// the next page, keyset cursors that hold while rows are added, search, filters, sorts and counts
// that agree, and clear 400s for bad paging input.
import { adminUserList, auditLog, orderList, orderStateCounts } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { adminAuditLog } from './admin.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let buyer: Customer;
let partId: string;

const USERS = 130;
const ORDERS = 160;
const DAY = 24 * 3600_000;
const start = Date.parse('2026-01-01T12:00:00.000Z');

const get = (url: string, who: Customer = admin) =>
  t.app.inject({ method: 'GET', url, headers: who.headers });

/** The next page's address from a Link header, as a client follows it. */
function nextOf(link: string | string[] | number | undefined): string | undefined {
  return typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
}

/** Every row of a list, page after page by its Link headers; also how many pages it took. */
async function everyPage<T>(url: string, parse: (body: unknown) => T[]) {
  const rows: T[] = [];
  let pages = 0;
  for (let next: string | undefined = url; next; pages++) {
    const res = await get(next);
    expect(res.statusCode).toBe(200);
    rows.push(...parse(res.json()));
    next = nextOf(res.headers.link);
    if (pages > 50) throw new Error('no last page');
  }
  return { rows, pages };
}

const STATES = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.db);
  buyer = await signUp(t.app, 'buyer');
  await t.db.insert(users).values(
    Array.from({ length: USERS }, (_, i) => ({
      email: `fleet${i}@lists.test`,
      name: i % 10 === 0 ? `Dana Lopez ${i}` : `Workshop ${String(i).padStart(3, '0')}`,
      providerId: 'password',
      emailVerified: true,
      ...(i % 25 === 0 ? { role: 'admin' } : {}),
      createdAt: new Date(start + i * 60_000),
    })),
  );
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Timing Belt Kit',
      description: 'Belt, tensioner and idler',
      img: '/images/parts/oil-filter.svg',
      availableQuantity: 10_000,
      minimumQuantity: 1,
      priceCents: 1000,
    })
    .returning();
  partId = part?.id ?? '';
  await t.db.insert(orders).values(
    Array.from({ length: ORDERS }, (_, i) => {
      const state = STATES[i % 4] ?? 'unpaid';
      return {
        partId,
        partName: i % 8 === 0 ? 'Radiator Hose' : 'Timing Belt Kit',
        unitPriceCents: 1000 + i,
        name: i % 5 === 0 ? 'Kemal Garage' : 'Fleet Buyer',
        email: `orders${i % 7}@lists.test`,
        tel: '01712345678',
        country: 'Bangladesh',
        city: 'Dhaka',
        address: '1 Road',
        quantity: 1 + (i % 9),
        totalCents: (1000 + i) * (1 + (i % 9)),
        paid: state === 'paid' || state === 'shipped',
        invoiceNumber: state === 'paid' || state === 'shipped' ? 1000 + i : null,
        shipped: state === 'shipped',
        transaction: state === 'paid' || state === 'shipped' ? `pi_${i}` : null,
        cancelledAt: state === 'cancelled' ? new Date(start + i * DAY + 1000) : null,
        createdAt: new Date(start + i * DAY),
      };
    }),
  );
  await t.db.insert(adminAuditLog).values(
    Array.from({ length: 120 }, (_, i) => ({
      adminUserId: null,
      adminEmail: i % 2 === 0 ? 'owner@lists.test' : 'clerk@lists.test',
      action: i % 3 === 0 ? 'ship-order' : 'edit-part',
      target: `target-${i}`,
      createdAt: new Date(start + i * DAY),
    })),
  );
});
afterAll(() => t.close());

describe('All User at size', () => {
  it('answers its first 100 accounts with the total and a link to the rest, which holds them all once', async () => {
    const first = await get('/api/users');
    expect(first.statusCode).toBe(200);
    expect(adminUserList.parse(first.json())).toHaveLength(100);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(USERS + 2);
    expect(nextOf(first.headers.link)).toMatch(/^\/api\/users\?cursor=[\w-]+$/);
    const { rows, pages } = await everyPage('/api/users?limit=40', (b) => adminUserList.parse(b));
    expect(pages).toBe(Math.ceil(total / 40));
    expect(new Set(rows.map((row) => row._id)).size).toBe(total);
  });

  it('finds accounts by every word of a search, in any order, and by role', async () => {
    const found = adminUserList.parse((await get('/api/users?q=LOPEZ%20dana&limit=100')).json());
    expect(found.map((row) => row.name).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => `Dana Lopez ${i * 10}`).sort(),
    );
    const res = await get('/api/users?role=admin&q=lists.test');
    expect(Number(res.headers['x-total-count'])).toBe(6);
    expect(adminUserList.parse(res.json()).every((row) => row.role === 'admin')).toBe(true);
  });

  it('counts what a page holds none of: a search that finds nothing, and the page after the last', async () => {
    const none = await get('/api/users?q=nobody-is-called-this');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const [lastRow] = adminUserList.parse((await get('/api/users?sort=newest&limit=1')).json());
    const cursor = Buffer.from(
      JSON.stringify(['oldest', '9999-01-01 00:00:00+00', lastRow?._id]),
    ).toString('base64url');
    const past = await get(`/api/users?sort=oldest&cursor=${cursor}`);
    expect(past.json()).toEqual([]);
    const all = await get('/api/users?limit=1');
    expect(past.headers['x-total-count']).toBe(all.headers['x-total-count']);
    expect(Number(past.headers['x-total-count'])).toBeGreaterThan(100);
  });

  it('sorts by name across pages', async () => {
    const { rows } = await everyPage('/api/users?sort=name&q=workshop&limit=30', (b) =>
      adminUserList.parse(b),
    );
    const names = rows.map((row) => row.name);
    expect(names).toEqual([...names].sort());
    expect(rows).toHaveLength(USERS - 13);
  });

  it('keeps its place while accounts are added: the next page neither repeats nor skips a row', async () => {
    const first = await get('/api/users?sort=newest&limit=10&q=fleet');
    const firstRows = adminUserList.parse(first.json());
    const before = adminUserList.parse(
      (await get('/api/users?sort=newest&limit=20&q=fleet')).json(),
    );
    await t.db.insert(users).values(
      Array.from({ length: 5 }, (_, i) => ({
        email: `fleet-late${i}@lists.test`,
        name: `Late Fleet ${i}`,
        providerId: 'password',
      })),
    );
    const second = adminUserList.parse((await get(nextOf(first.headers.link) ?? '')).json());
    expect(second.map((row) => row._id)).toEqual(before.slice(10).map((row) => row._id));
    expect(second.some((row) => firstRows.some((seen) => seen._id === row._id))).toBe(false);
  });
});

describe('Manage All Orders at size', () => {
  const parse = (body: unknown) => orderList.parse(body);

  it('pages every order that is not cancelled, newest first, each exactly once', async () => {
    const first = await get('/api/manageorders');
    expect(parse(first.json())).toHaveLength(100);
    expect(first.headers['x-total-count']).toBe(String(ORDERS * 0.75));
    const { rows } = await everyPage('/api/manageorders?limit=50', parse);
    expect(rows).toHaveLength(ORDERS * 0.75);
    expect(new Set(rows.map((row) => row._id)).size).toBe(rows.length);
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows.some((row) => row.cancelled)).toBe(false);
  });

  it('filters by state, and each tab holds what its count says, under the same search and dates', async () => {
    const filters = 'q=timing%20belt&from=2026-02-01&to=2026-04-30';
    const counts = orderStateCounts.parse(
      (await get(`/api/manageorders/counts?${filters}`)).json(),
    );
    for (const state of STATES) {
      const { rows } = await everyPage(
        `/api/manageorders?state=${state}&${filters}&limit=7`,
        parse,
      );
      expect(rows).toHaveLength(counts[state]);
      for (const row of rows) {
        expect(row.parts).toBe('Timing Belt Kit');
        expect(row.createdAt >= '2026-02-01' && row.createdAt < '2026-05-01').toBe(true);
        expect(row.cancelled).toBe(state === 'cancelled');
        expect(row.paid).toBe(state === 'paid' || state === 'shipped');
        expect(row.shipped).toBe(state === 'shipped');
      }
    }
    expect(counts.all).toBe(counts.unpaid + counts.paid + counts.shipped);
    expect(counts.all).toBeGreaterThan(0);
  });

  it('finds an order by the start of its id, and orders by customer or part', async () => {
    const [some] = parse((await get('/api/manageorders?limit=1&sort=oldest')).json());
    const byId = parse((await get(`/api/manageorders?q=${some?._id.slice(0, 8)}`)).json());
    expect(byId.map((row) => row._id)).toContain(some?._id);
    const kemal = await everyPage('/api/manageorders?q=garage%20kemal&limit=100', parse);
    expect(kemal.rows.length).toBeGreaterThan(0);
    expect(kemal.rows.every((row) => row.name === 'Kemal Garage')).toBe(true);
    const hoses = await everyPage('/api/manageorders?q=radiator&state=cancelled', parse);
    expect(hoses.rows.every((row) => row.parts === 'Radiator Hose' && row.cancelled)).toBe(true);
  });

  it('finds an order by its short number as people write it: 10042, #10042 or Order 10042', async () => {
    const [some] = parse((await get('/api/manageorders?limit=1&sort=oldest')).json());
    if (!some) throw new Error('no order');
    for (const written of [`${some.number}`, `#${some.number}`, `Order ${some.number}`]) {
      const res = await get(`/api/manageorders?q=${encodeURIComponent(written)}`);
      expect(res.statusCode).toBe(200);
      const found = parse(res.json());
      expect(found.map((row) => row.number)).toContain(some.number);
      // The number is unique: anything else found only matched the digits as an id's start.
      expect(found.filter((row) => row.number === some.number)).toHaveLength(1);
      const counts = orderStateCounts.parse(
        (await get(`/api/manageorders/counts?q=${encodeURIComponent(written)}`)).json(),
      );
      expect(counts.all).toBe(found.length);
    }
    // A cancelled order is found in its own tab, by its number too.
    const [cancelled] = parse((await get('/api/manageorders?state=cancelled&limit=1')).json());
    if (!cancelled) throw new Error('no cancelled order');
    const inTab = parse(
      (await get(`/api/manageorders?state=cancelled&q=%23${cancelled.number}`)).json(),
    );
    expect(inTab.map((row) => row._id)).toEqual([cancelled._id]);
    // A number no order has finds nothing.
    const none = await get('/api/manageorders?q=Order%20999999999');
    expect(parse(none.json())).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('sorts by total, largest first, across pages', async () => {
    const { rows } = await everyPage('/api/manageorders?sort=total&limit=30', parse);
    const totals = rows.map((row) => row.totalPrice);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(rows).toHaveLength(ORDERS * 0.75);
  });

  it("is the admin's only: a customer gets 403", async () => {
    expect((await get('/api/manageorders', buyer)).statusCode).toBe(403);
    expect((await get('/api/manageorders/counts', buyer)).statusCode).toBe(403);
  });
});

describe('the audit log at size', () => {
  it('pages newest first, by action and by who or what', async () => {
    const first = await get('/api/admin/audit-log?limit=25');
    expect(auditLog.parse(first.json())).toHaveLength(25);
    const { rows } = await everyPage('/api/admin/audit-log?limit=25', (b) => auditLog.parse(b));
    expect(rows.length).toBe(Number(first.headers['x-total-count']));
    const shipped = await everyPage('/api/admin/audit-log?action=ship-order&q=owner', (b) =>
      auditLog.parse(b),
    );
    expect(shipped.rows).toHaveLength(20);
    expect(
      shipped.rows.every(
        (row) => row.action === 'ship-order' && row.adminEmail.startsWith('owner'),
      ),
    ).toBe(true);
  });
});

describe('bad paging input is a clear 400 and nothing else', () => {
  it.each([
    '/api/users?limit=0',
    '/api/users?limit=101',
    '/api/users?limit=-5',
    '/api/users?limit=ten',
    '/api/users?cursor=not*a*cursor',
    `/api/users?cursor=${Buffer.from('["newest","x","y"]').toString('base64url')}`,
    '/api/users?page=2',
    '/api/manageorders?state=lost',
    '/api/manageorders?from=2026-13-01',
    '/api/manageorders?from=2026-05-01&to=2026-04-01',
    // A valid format, but a year PostgreSQL does not have (found by the fuzz test: it was a 500).
    '/api/manageorders/counts?from=0000-02-29',
    '/api/manageorders?to=0000-02-29',
    '/api/admin/audit-log?from=0000-02-29',
    `/api/manageorders?cursor=${Buffer.from('garbage').toString('base64url')}`,
    '/api/admin/audit-log?action=nothing',
  ])('%s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('refuses a cursor made for another sort', async () => {
    const first = await get('/api/users?sort=newest&limit=5');
    const cursor = new URL(nextOf(first.headers.link) ?? '', 'http://x').searchParams.get('cursor');
    const res = await get(`/api/users?sort=name&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('cursor is not valid');
  });
});
