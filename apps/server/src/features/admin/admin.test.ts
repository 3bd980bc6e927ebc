import {
  adminUserList,
  auditLog,
  DELETED_NONE_TEXT,
  deletedReply,
  modifiedReply,
  orderList,
  placeOrderReply,
  shipOrderReply,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp, orderWorld } from '../../../test/test-app.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox-provider.ts';
import { Conflict } from '../../domain/errors.ts';
import { credentials, users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { takeInvoiceNumber } from '../invoices/invoices.service.ts';
import { orders } from '../orders/orders.table.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { removeUser } from './remove-user.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let customer: Customer;
let partId: string;

const shipping = { tel: '01712345678', country: 'Bangladesh', city: 'Dhaka', address: '1 Road' };
let promotedEmail = '';
const NO_ORDER = '00000000-0000-4000-8000-000000000000';

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, who: Customer | null) =>
  t.app.inject({ method, url, headers: who?.headers ?? {} });
const stockOf = async (id: string) =>
  (await t.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

async function placeOrder(who: Customer, quantity = 100) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: who.headers,
    payload: { partsId: partId, quantity, ...shipping },
  });
  expect(res.statusCode).toBe(201);
  return placeOrderReply.parse(res.json()).insertedId;
}
/** Marks an order paid as a confirmed payment does, with its invoice's number. */
async function pay(orderId: string) {
  await t.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({
        paid: true,
        transaction: `pi_${orderId.slice(0, 8)}`,
        invoiceNumber: await takeInvoiceNumber(tx),
      })
      .where(eq(orders.id, orderId));
  });
}
const audited = async () =>
  auditLog.parse((await call('GET', '/api/admin/audit-log', admin)).json());

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.db);
  customer = await signUp(t.app, 'customer');
  const [row] = await t.db
    .insert(parts)
    .values({
      name: 'Oil Filter',
      description: 'Spin-on',
      img: '/images/parts/oil-filter.svg',
      availableQuantity: 10_000,
      minimumQuantity: 100,
      priceCents: 450,
    })
    .returning();
  partId = row?.id ?? '';
});
afterAll(() => t.close());

describe('every admin call is for admins only', () => {
  const calls: ['GET' | 'PUT' | 'DELETE', string][] = [
    ['GET', '/api/users'],
    ['PUT', '/api/user/admin/someone@garage.com'],
    ['DELETE', '/api/user/someone@garage.com'],
    ['GET', '/api/manageorders'],
    ['PUT', `/api/manageorders/${NO_ORDER}`],
    ['DELETE', `/api/deleteorder/${NO_ORDER}`],
    ['GET', '/api/admin/audit-log'],
  ];
  it.each(calls)('%s %s is 401 without a token and 403 for a customer', async (method, url) => {
    expect((await call(method, url, null)).statusCode).toBe(401);
    expect((await call(method, url, customer)).statusCode).toBe(403);
  });

  it('checks the caller before the input (a bad id is still a 401)', async () => {
    expect((await call('PUT', '/api/manageorders/not-a-uuid', null)).statusCode).toBe(401);
    expect((await call('PUT', '/api/manageorders/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('left nothing changed and nothing in the audit log', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.email, customer.email));
    expect(row?.role).toBeNull();
    expect(await audited()).toEqual([]);
  });
});

describe('users', () => {
  it('lists every account without credentials', async () => {
    const res = await call('GET', '/api/users', admin);
    expect(res.statusCode).toBe(200);
    const list = adminUserList.parse(res.json());
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email, customer.email]));
    expect(list.find((u) => u.email === admin.email)?.role).toBe('admin');
    expect(list.find((u) => u.email === customer.email)?.role).toBeNull();
    const [cred] = await t.db.select().from(credentials);
    expect(cred?.passwordHash).toBeTruthy();
    expect(res.body).not.toContain(cred?.passwordHash);
    expect(res.body).not.toMatch(/password|hash|\$argon|\$scrypt|\$2[aby]\$/i);
    for (const user of res.json() as object[])
      expect(Object.keys(user).sort()).toEqual(
        ['_id', 'createdAt', 'email', 'emailVerified', 'name', 'role'].sort(),
      );
  });

  it('makes an admin, and 404 for an unknown e-mail', async () => {
    const other = await signUp(t.app, 'promoted');
    promotedEmail = other.email;
    const res = await call('PUT', `/api/user/admin/${other.email}`, admin);
    expect(res.statusCode).toBe(200);
    expect(modifiedReply.parse(res.json())).toEqual({ modifiedCount: 1 });
    const check = await call('GET', `/api/admin/${other.email}`, other);
    expect(check.json()).toMatchObject({ admin: true });
    expect((await call('PUT', '/api/user/admin/nobody@garage.com', admin)).statusCode).toBe(404);
    expect((await audited())[0]).toMatchObject({
      adminEmail: admin.email,
      action: 'make-admin',
      target: other.email,
    });
    // Again: already an admin, so nothing changes and the audit log gets no second entry.
    const again = await call('PUT', `/api/user/admin/${other.email}`, admin);
    expect(modifiedReply.parse(again.json())).toEqual({ modifiedCount: 0 });
    const entries = (await audited()).filter((entry) => entry.target === other.email);
    expect(entries).toHaveLength(1);
  });

  it('an admin cannot remove themself', async () => {
    const res = await call('DELETE', `/api/user/${admin.email}`, admin);
    expect(res.statusCode).toBe(409);
    expect((await call('GET', '/api/users', admin)).statusCode).toBe(200);
  });

  it('the last admin cannot be removed, and an unknown e-mail is a 404', async () => {
    // A caller whose admin role is already gone (removed meanwhile) asks to remove the only admin.
    const [only] = await t.db.select().from(users).where(eq(users.email, admin.email));
    const stale = {
      id: NO_ORDER,
      email: 'gone@axle.com',
      name: 'Gone',
      role: 'admin' as const,
      sessionId: NO_ORDER,
    };
    await t.db.update(users).set({ role: null }).where(eq(users.email, promotedEmail));
    const payments = { db: t.db, provider: createSandboxProvider(t.db), ...orderWorld() };
    await expect(removeUser(payments, stale, admin.email)).rejects.toThrow(Conflict);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, promotedEmail));
    expect(only?.role).toBe('admin');
    expect((await call('DELETE', '/api/user/nobody@garage.com', admin)).statusCode).toBe(404);
  });

  it('two admins removing each other at once leave one admin', async () => {
    const a = await signInAdmin(t.app, t.db);
    const b = await signInAdmin(t.app, t.db);
    const [ra, rb] = await Promise.all([
      call('DELETE', `/api/user/${b.email}`, a),
      call('DELETE', `/api/user/${a.email}`, b),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const left = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(left.map((u) => u.email)).toEqual(expect.arrayContaining([admin.email]));
    expect(left.filter((u) => u.email === a.email || u.email === b.email)).toHaveLength(1);
  });

  it('removing a customer ends their sessions, cancels unpaid orders and keeps paid ones and reviews', async () => {
    const leaving = await signUp(t.app, 'leaving');
    const stock = await stockOf(partId);
    const unpaid = await placeOrder(leaving, 120);
    const paid = await placeOrder(leaving, 130);
    await pay(paid);
    expect(await stockOf(partId)).toBe((stock ?? 0) - 250);
    const [account] = await t.db.select().from(users).where(eq(users.email, leaving.email));
    await t.db
      .insert(reviews)
      .values({ userId: account?.id, name: leaving.name, rating: 5, comment: 'Great filters' });
    expect((await call('GET', `/api/userorder?email=${leaving.email}`, leaving)).statusCode).toBe(
      200,
    );

    const res = await call('DELETE', `/api/user/${leaving.email}`, admin);
    expect(res.statusCode).toBe(200);
    expect(deletedReply.parse(res.json())).toEqual({ deletedCount: 1 });

    expect((await call('GET', `/api/userorder?email=${leaving.email}`, leaving)).statusCode).toBe(
      401,
    );
    expect(await t.db.select().from(users).where(eq(users.email, leaving.email))).toEqual([]);
    expect((await orderRow(unpaid))?.cancelledAt).not.toBeNull();
    expect(await stockOf(partId)).toBe((stock ?? 0) - 130);
    expect(await orderRow(paid)).toMatchObject({ paid: true, cancelledAt: null, userId: null });
    const [review] = await t.db.select().from(reviews).where(eq(reviews.comment, 'Great filters'));
    expect(review).toMatchObject({ userId: null, name: leaving.name });
    expect((await audited())[0]).toMatchObject({ action: 'remove-user', target: leaving.email });
    expect((await call('DELETE', `/api/user/${leaving.email}`, admin)).statusCode).toBe(404);
  });
});

describe('orders', () => {
  it('lists every order, newest first, without cancelled ones', async () => {
    const first = await placeOrder(customer);
    const second = await placeOrder(customer);
    const gone = await placeOrder(customer);
    await call('DELETE', `/api/deleteorder/${gone}`, admin);
    const res = await call('GET', '/api/manageorders', admin);
    expect(res.statusCode).toBe(200);
    const ids = orderList.parse(res.json()).map((o) => o._id);
    expect(ids).not.toContain(gone);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids.indexOf(second)).toBeGreaterThanOrEqual(0);
  });

  it('ships only a paid order, once', async () => {
    const id = await placeOrder(customer);
    const unpaid = await call('PUT', `/api/manageorders/${id}`, admin);
    expect(unpaid.statusCode).toBe(409);
    expect((await orderRow(id))?.shipped).toBe(false);
    await pay(id);
    const res = await call('PUT', `/api/manageorders/${id}`, admin);
    expect(res.statusCode).toBe(200);
    const shipped = shipOrderReply.parse(res.json());
    expect(shipped.modifiedCount).toBe(1);
    expect(shipped.order).toMatchObject({ _id: id, paid: true, shipped: true });
    expect(
      shipOrderReply.parse((await call('PUT', `/api/manageorders/${id}`, admin)).json()),
    ).toEqual({
      modifiedCount: 0,
    });
    expect((await call('PUT', `/api/manageorders/${NO_ORDER}`, admin)).statusCode).toBe(404);
    const log = await audited();
    expect(log.filter((e) => e.action === 'ship-order' && e.target === id)).toHaveLength(1);
  });

  it('deletes only an unpaid order and returns its stock; 0 otherwise', async () => {
    const stock = await stockOf(partId);
    const id = await placeOrder(customer, 200);
    expect(await stockOf(partId)).toBe((stock ?? 0) - 200);
    const res = await call('DELETE', `/api/deleteorder/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(deletedReply.parse(res.json())).toEqual({ deletedCount: 1 });
    expect(await stockOf(partId)).toBe(stock);
    expect((await orderRow(id))?.cancelledAt).not.toBeNull();
    expect((await audited())[0]).toMatchObject({ action: 'delete-order', target: id });

    // Already cancelled, unknown, or paid: nothing happens (the page shows DELETED_NONE_TEXT).
    const paid = await placeOrder(customer);
    await pay(paid);
    for (const target of [id, NO_ORDER, paid]) {
      const again = await call('DELETE', `/api/deleteorder/${target}`, admin);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ deletedCount: 0 });
    }
    expect(DELETED_NONE_TEXT).toBe('No documents matched the query. Deleted 0 Item.');
    expect((await orderRow(paid))?.cancelledAt).toBeNull();
  });
});

describe('audit log', () => {
  it('has who, what, to what and when, newest first', async () => {
    const log = await audited();
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['make-admin', 'remove-user', 'ship-order', 'delete-order']),
    );
    for (const entry of log) expect(entry.adminEmail).toMatch(/@axle\.com$/);
    const times = log.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});
