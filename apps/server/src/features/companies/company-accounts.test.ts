// Issue 18 #4, #6: the shop's admin allows a company to pay on account with a credit limit and
// terms; such a company checks out without a card, its order invoiced at once with a due date and
// shippable; what it owes never exceeds the limit, also with concurrent checkouts; the admin
// records payments against invoices and lists the overdue ones; every change is audited.
import {
  adminCompanyDetail,
  adminCompanyList,
  auditLog,
  type Order,
  orderList,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { pdfText } from '../../../test/pdf.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  type TestApp,
} from '../../../test/security/support.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let driver: Customer;
let loner: Customer;
let pads: string;
let companyId: string;

const account = (limit: number, termsDays = 30) => ({
  onAccount: true,
  creditLimit: limit,
  termsDays,
});
const onAccount = {
  address: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
  tel: '0113 496 0000',
  payment: 'account',
};
const creditUsed = async () =>
  adminCompanyDetail.parse(await c.ok(admin, 'GET', `/api/admin/companies/${companyId}`)).account
    .creditUsed;
const stock = async () =>
  (await t.db.select().from(parts).where(eq(parts.id, pads)))[0]?.availableQuantity ?? -1;

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  [owner, buyer, driver, loner] = [
    await signUp(t.app, 'owner'),
    await signUp(t.app, 'buyer'),
    await signUp(t.app, 'driver'),
    await signUp(t.app, 'loner'),
  ];
  // $4.25 a pad, at least 10: 40 pads are $170.
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  companyId = (await c.createCompany(owner, 'Fleet On Account Ltd'))._id;
  const join = async (who: Customer, spendingLimit: number | null) =>
    c.ok(who, 'POST', '/api/company/invitations/accept', {
      token: await c.invite(owner, who, 'buyer', spendingLimit),
    });
  await join(buyer, 100);
  await join(driver, null);
});
afterAll(() => t.close());

describe('the admin and companies', () => {
  it('lists and searches companies, and shows one with its people; for admins only', async () => {
    const found = adminCompanyList.parse(await c.ok(admin, 'GET', '/api/admin/companies?q=fleet'));
    expect(found.map((x) => [x._id, x.memberCount, x.account.onAccount])).toEqual([
      [companyId, 3, false],
    ]);
    expect(await c.ok(admin, 'GET', '/api/admin/companies?q=nobody')).toEqual([]);
    const one = adminCompanyDetail.parse(
      await c.ok(admin, 'GET', `/api/admin/companies/${companyId}`),
    );
    expect(one.members.map((m) => m.email)).toEqual([owner.email, buyer.email, driver.email]);
    expectError(await c.call(owner, 'GET', '/api/admin/companies'), 403);
    expectError(await c.call(null, 'GET', '/api/admin/companies'), 401);
    expectError(
      await c.call(owner, 'PUT', `/api/admin/companies/${companyId}/account`, account(1e6)),
      403,
    );
    expectError(
      await c.call(admin, 'PUT', `/api/admin/companies/${companyId}/account`, {
        onAccount: true,
        creditLimit: -5,
      }),
      400,
    );
  });

  it('refuses payment on account until the admin allows it, and to anyone on their own', async () => {
    await c.ok(owner, 'PUT', `/api/cart/lines/${pads}`, { quantity: 40 });
    const before = await stock();
    expectError(await c.call(owner, 'POST', '/api/checkout', onAccount), 409);
    await c.ok(loner, 'PUT', `/api/cart/lines/${pads}`, { quantity: 40 });
    expectError(await c.call(loner, 'POST', '/api/checkout', onAccount), 409);
    expect(await stock()).toBe(before);
  });

  it('allows it with a credit limit and terms, net 30 by default, and audits the change', async () => {
    const set = adminCompanyDetail.parse(
      await c.ok(admin, 'PUT', `/api/admin/companies/${companyId}/account`, {
        onAccount: true,
        creditLimit: 500,
      }),
    );
    expect(set.account).toEqual({
      onAccount: true,
      creditLimit: 500,
      termsDays: 30,
      creditUsed: 0,
    });
    const audit = auditLog.parse(await c.ok(admin, 'GET', '/api/admin/audit-log'));
    expect(audit[0]).toMatchObject({ action: 'company-account', target: 'Fleet On Account Ltd' });
    // Members see their company's account too.
    expect((await c.ok(buyer, 'GET', '/api/company')).account).toMatchObject({
      onAccount: true,
      creditLimit: 500,
    });
  });
});

describe('an order on account', () => {
  let invoiced: Order;

  it('is invoiced at checkout without a card, due after the terms, and can be shipped', async () => {
    invoiced = await c.checkout(owner, pads, 40, 'account');
    expect(invoiced).toMatchObject({ paid: true, onAccount: true, settledAt: null });
    expect(invoiced.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const due = new Date(invoiced.dueAt ?? 0).getTime() - Date.parse(invoiced.createdAt);
    expect(Math.round(due / 86_400_000)).toBe(30);
    expect(await creditUsed()).toBe(170);
    // No card for it.
    expectError(
      await c.call(owner, 'POST', '/api/create-payment-intent', { orderId: invoiced._id }),
      409,
    );
    const pdf = pdfText(
      (await c.call(owner, 'GET', `/api/orders/${invoiced._id}/invoice.pdf`)).rawPayload,
    ).join('\n');
    expect(pdf).toContain('Total due');
    expect(pdf).toContain(`payment due by ${invoiced.dueAt?.slice(0, 10)}`);
    // The invoice is mailed once it is made, after the reply.
    await vi.waitFor(() =>
      expect(
        t.mail.some((m) => m.to === owner.email && m.subject.startsWith('Invoice on account')),
      ).toBe(true),
    );
    const shipped = await c.ok(admin, 'PUT', `/api/manageorders/${invoiced._id}`, {});
    expect(shipped).toMatchObject({ modifiedCount: 1 });
  });

  it('never takes the account past its limit, also when members check out at once', async () => {
    // $170 used of $500, $330 left: of two $170 checkouts at the same time, one fits.
    for (const who of [owner, driver])
      await c.ok(who, 'PUT', `/api/cart/lines/${pads}`, { quantity: 40 });
    const before = await stock();
    const replies = await Promise.all(
      [owner, driver].map((who) => c.call(who, 'POST', '/api/checkout', onAccount)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await creditUsed()).toBe(340);
    expect(await stock()).toBe(before - 40);
    const refused = replies.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toContain('$160.00');
  });

  it('of a buyer above their limit waits for approval, and is invoiced as it is approved', async () => {
    const waiting = await c.checkout(buyer, pads, 30, 'account'); // $127.50, above $100
    expect(waiting).toMatchObject({ approval: 'awaiting', paid: false, onAccount: true });
    expect(await creditUsed()).toBe(340);
    const approved = await c.ok(owner, 'POST', `/api/company/orders/${waiting._id}/approve`, {});
    expect(approved).toMatchObject({ approval: 'approved', paid: true, onAccount: true });
    expect(await creditUsed()).toBe(467.5);
    // Beyond what is left, an approval is refused and changes nothing.
    const big = await c.checkout(buyer, pads, 100, 'account'); // $425
    expectError(await c.call(owner, 'POST', `/api/company/orders/${big._id}/approve`, {}), 409);
    expect((await c.ok(buyer, 'GET', `/api/orderid/${big._id}`)).approval).toBe('awaiting');
  });

  it('is settled when the admin records its payment, once, and the credit comes back', async () => {
    expectError(
      await c.call(owner, 'POST', `/api/admin/orders/${invoiced._id}/settle`, { reference: 'x' }),
      403,
    );
    expectError(await c.call(admin, 'POST', `/api/admin/orders/${invoiced._id}/settle`, {}), 400);
    const settled = await c.ok(admin, 'POST', `/api/admin/orders/${invoiced._id}/settle`, {
      reference: 'BACS 0042',
    });
    expect(settled.settledAt).not.toBeNull();
    expect(await creditUsed()).toBe(297.5);
    expectError(
      await c.call(admin, 'POST', `/api/admin/orders/${invoiced._id}/settle`, {
        reference: 'again',
      }),
      409,
    );
    const audit = auditLog.parse(await c.ok(admin, 'GET', '/api/admin/audit-log'));
    expect(audit[0]).toMatchObject({ action: 'settle-invoice', target: invoiced.invoiceNumber });
    const pdf = pdfText(
      (await c.call(owner, 'GET', `/api/orders/${invoiced._id}/invoice.pdf`)).rawPayload,
    ).join('\n');
    expect(pdf).toContain('Paid on account on');
  });

  it('is listed as overdue once past its due date, until it is paid', async () => {
    expect(await c.ok(admin, 'GET', '/api/admin/invoices/overdue')).toEqual([]);
    // The company's open invoices, due or not: the admin records payments from them.
    const open = orderList.parse(
      await c.ok(admin, 'GET', `/api/admin/companies/${companyId}/invoices`),
    );
    expect(open.map((o) => [o.onAccount, o.paid, o.settledAt])).toEqual([
      [true, true, null],
      [true, true, null],
    ]);
    expectError(await c.call(owner, 'GET', `/api/admin/companies/${companyId}/invoices`), 403);
    const late = (
      await t.db.select({ id: orders.id }).from(orders).where(eq(orders.onAccount, true))
    ).map((row) => row.id);
    for (const id of late)
      await t.db
        .update(orders)
        .set({ dueAt: new Date(Date.now() - 86_400_000) })
        .where(eq(orders.id, id));
    const overdue = orderList.parse(await c.ok(admin, 'GET', '/api/admin/invoices/overdue'));
    // Those on account, paid, and not settled: not the one the admin settled, nor the one waiting.
    expect(overdue.length).toBe(2);
    expect(overdue.every((o) => o.onAccount && o.paid && o.settledAt === null)).toBe(true);
    expectError(await c.call(owner, 'GET', '/api/admin/invoices/overdue'), 403);
  });
});
