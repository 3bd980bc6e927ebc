// Issue 18 #1–#3: a customer creates a company and invites buyers by a single-use link; owners set
// roles and spending limits; every member sees the company's orders; a buyer's order above their
// limit waits for an owner, who approves it (then it can be paid) or rejects it (stock returned).
// Companies never see each other's people, invitations, addresses or orders.
import { type Company, company as companySchema, orderList } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billing, type CompanyCalls, companyCalls, dock } from '../../../test/companies.ts';
import { type Customer, signUp } from '../../../test/customers.ts';
import { pdfText } from '../../../test/pdf.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  payInSandbox,
  placeOrder,
  type TestApp,
} from '../../../test/security/support.ts';
import { parts } from '../catalog/catalog.table.ts';
import { companyInvitations } from './companies.table.ts';

let t: TestApp;
let owner: Customer;
let buyer: Customer;
let rival: Customer;
let loner: Customer;
let pads: string;
let acme: Company;

let calls: CompanyCalls;
const call: CompanyCalls['call'] = (...args) => calls.call(...args);
const ok: CompanyCalls['ok'] = (...args) => calls.ok(...args);
const invite: CompanyCalls['invite'] = (...args) => calls.invite(...args);
const createCompany: CompanyCalls['createCompany'] = (...args) => calls.createCompany(...args);
const checkoutPads = (who: Customer, quantity: number) => calls.checkout(who, pads, quantity);

const stock = async () =>
  (await t.db.select().from(parts).where(eq(parts.id, pads)))[0]?.availableQuantity ?? -1;

beforeAll(async () => {
  t = await createSecurityTestApp();
  calls = companyCalls(t);
  [owner, buyer, rival, loner] = [
    await signUp(t.app, 'owner'),
    await signUp(t.app, 'buyer'),
    await signUp(t.app, 'rival'),
    await signUp(t.app, 'loner'),
  ];
  // $4.25 a pad, at least 10.
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  // The owner's own address becomes the company's.
  await ok(owner, 'POST', '/api/addresses', dock, 201);
  acme = await createCompany(owner, 'Acme Fleet Ltd');
  // The buyer may spend $100 per order without approval.
  await ok(buyer, 'POST', '/api/company/invitations/accept', {
    token: await invite(owner, buyer, 'buyer', 100),
  });
  acme = companySchema.parse(await ok(owner, 'GET', '/api/company'));
  await createCompany(rival, 'Rival Motors plc');
});
afterAll(() => t.close());

describe('a company', () => {
  it('is created by a customer who becomes its owner, with the buyers who accepted', async () => {
    const seen = companySchema.parse(await ok(buyer, 'GET', '/api/company'));
    expect(seen).toMatchObject({
      _id: acme._id,
      legalName: 'Acme Fleet Ltd',
      taxId: 'GB 123 456 789',
      role: 'buyer',
    });
    expect(seen.members.map((m) => [m.email, m.role, m.spendingLimit])).toEqual([
      [owner.email, 'owner', null],
      [buyer.email, 'buyer', 100],
    ]);
    // Owners see the invitations waiting; buyers do not.
    expect(seen.invitations).toEqual([]);
    // Buying on your own is no error: the answer is null.
    const alone = await call(loner, 'GET', '/api/company');
    expect(alone.statusCode).toBe(200);
    expect(alone.json()).toBeNull();
    expectError(await call(null, 'GET', '/api/company'), 401);
  });

  it('shares its ship-to addresses with every member, and no one else', async () => {
    const [shared] = await ok(buyer, 'GET', '/api/addresses');
    expect(shared).toMatchObject({ line1: dock.line1, isDefault: true });
    expect(await ok(rival, 'GET', '/api/addresses')).toEqual([]);
    expectError(await call(rival, 'PUT', `/api/addresses/${shared._id}`, dock), 404);
  });

  it('is one per person: someone in a company can neither create nor join another', async () => {
    expectError(
      await call(owner, 'POST', '/api/company', {
        legalName: 'Twice',
        taxId: 'X1',
        billingAddress: billing,
      }),
      409,
    );
    const token = await invite(rival, buyer, 'buyer', null);
    const before = await snapshot(t.db);
    expectError(await call(buyer, 'POST', '/api/company/invitations/accept', { token }), 409);
    await expectUnchanged(t.db, before);
  });

  it('refuses a company without its legal name, tax id or billing address', async () => {
    for (const body of [
      {},
      { legalName: '', taxId: 'GB1', billingAddress: billing },
      { legalName: 'A', taxId: '<script>', billingAddress: billing },
      { legalName: 'A', taxId: 'GB1', billingAddress: { ...billing, city: '' } },
      { legalName: 'A', taxId: 'GB1', billingAddress: billing, onAccount: true },
    ])
      expectError(await call(loner, 'POST', '/api/company', body), 400);
  });
});

describe('invitations', () => {
  it('work once, for the address they were sent to, and only while they last', async () => {
    const newcomer = await signUp(t.app, 'newcomer');
    const token = await invite(owner, newcomer, 'buyer', 50);
    const waiting = companySchema.parse(await ok(owner, 'GET', '/api/company')).invitations;
    expect(waiting.map((i) => [i.email, i.role, i.spendingLimit])).toEqual([
      [newcomer.email, 'buyer', 50],
    ]);
    // Someone else holding the link cannot use it.
    expectError(await call(loner, 'POST', '/api/company/invitations/accept', { token }), 403);
    const joined = companySchema.parse(
      await ok(newcomer, 'POST', '/api/company/invitations/accept', { token }),
    );
    expect(joined.role).toBe('buyer');
    // Used once: leaving and coming back with the same link does not work.
    await ok(newcomer, 'DELETE', `/api/company/members/${memberId(joined, newcomer)}`);
    expectError(await call(newcomer, 'POST', '/api/company/invitations/accept', { token }), 409);
    expectError(
      await call(newcomer, 'POST', '/api/company/invitations/accept', { token: 'x'.repeat(43) }),
      400,
    );
  });

  it('expire after 7 days, and stop at once when withdrawn', async () => {
    const late = await signUp(t.app, 'late');
    const token = await invite(owner, late, 'buyer', null);
    const [row] = await t.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, late.email));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeGreaterThan(
      6.9 * 86_400_000,
    );
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, late.email));
    expectError(await call(late, 'POST', '/api/company/invitations/accept', { token }), 409);

    const other = await signUp(t.app, 'withdrawn');
    const second = await invite(owner, other, 'buyer', null);
    const waiting = companySchema.parse(await ok(owner, 'GET', '/api/company')).invitations;
    const id = waiting.find((i) => i.email === other.email)?._id;
    expectError(await call(buyer, 'DELETE', `/api/company/invitations/${id}`), 403);
    expectError(await call(rival, 'DELETE', `/api/company/invitations/${id}`), 404);
    await ok(owner, 'DELETE', `/api/company/invitations/${id}`);
    expectError(
      await call(other, 'POST', '/api/company/invitations/accept', { token: second }),
      409,
    );
  });

  it('are sent by owners only, once per person', async () => {
    const before = await snapshot(t.db);
    expectError(
      await call(buyer, 'POST', '/api/company/invitations', { email: loner.email, role: 'buyer' }),
      403,
    );
    expectError(
      await call(loner, 'POST', '/api/company/invitations', { email: buyer.email, role: 'buyer' }),
      404,
    );
    expectError(
      await call(owner, 'POST', '/api/company/invitations', { email: buyer.email, role: 'buyer' }),
      409,
    );
    expectError(
      await call(owner, 'POST', '/api/company/invitations', {
        email: 'not an address',
        role: 'buyer',
      }),
      400,
    );
    expectError(
      await call(owner, 'POST', '/api/company/invitations', { email: loner.email, role: 'admin' }),
      400,
    );
    expectError(
      await call(owner, 'POST', '/api/company/invitations', {
        email: loner.email,
        role: 'buyer',
        spendingLimit: -1,
      }),
      400,
    );
    await expectUnchanged(t.db, before);
  });
});

const memberId = (company: Company, who: Customer) =>
  company.members.find((m) => m.email === who.email)?.userId ?? NO_ID;

describe('members', () => {
  it('get their role and spending limit from an owner, and never from a buyer', async () => {
    const id = memberId(acme, buyer);
    const ownerId = memberId(acme, owner);
    const before = await snapshot(t.db);
    expectError(
      await call(buyer, 'PUT', `/api/company/members/${id}`, {
        role: 'owner',
        spendingLimit: null,
      }),
      403,
    );
    expectError(await call(buyer, 'DELETE', `/api/company/members/${ownerId}`), 403);
    expectError(
      await call(rival, 'PUT', `/api/company/members/${id}`, { role: 'buyer', spendingLimit: 1 }),
      404,
    );
    expectError(await call(rival, 'DELETE', `/api/company/members/${id}`), 404);
    // The last owner stays an owner.
    expectError(
      await call(owner, 'PUT', `/api/company/members/${ownerId}`, {
        role: 'buyer',
        spendingLimit: 10,
      }),
      409,
    );
    expectError(await call(owner, 'DELETE', `/api/company/members/${ownerId}`), 409);
    await expectUnchanged(t.db, before);
    const changed = companySchema.parse(
      await ok(owner, 'PUT', `/api/company/members/${id}`, { role: 'buyer', spendingLimit: 99.5 }),
    );
    expect(changed.members.find((m) => m.userId === id)?.spendingLimit).toBe(99.5);
    await ok(owner, 'PUT', `/api/company/members/${id}`, { role: 'buyer', spendingLimit: 100 });
  });
});

describe('orders of a company', () => {
  it('within the limit are placed as usual; above it they wait, with the stock kept', async () => {
    const small = await checkoutPads(buyer, 20); // $85
    expect(small).toMatchObject({ companyId: acme._id, approval: null });
    const before = await stock();
    const large = await checkoutPads(buyer, 40); // $170
    expect(large).toMatchObject({ companyId: acme._id, approval: 'awaiting', paid: false });
    expect(await stock()).toBe(before - 40);
    // Nothing to pay yet.
    expectError(
      await call(buyer, 'POST', '/api/create-payment-intent', { orderId: large._id }),
      409,
    );
    // The owner is asked (once their address is read, after the reply); the buyer is told it waits.
    await vi.waitFor(() =>
      expect(
        t.mail.some((m) => m.to === owner.email && m.subject.includes('awaits your approval')),
      ).toBe(true),
    );
    expect(t.mail.some((m) => m.to === buyer.email && m.subject.includes('awaits approval'))).toBe(
      true,
    );
  });

  it('through the purchase form too: the server decides, whatever the client sends', async () => {
    const id = await placeOrder(t, buyer, pads, 30); // $127.50
    const seen = await ok(buyer, 'GET', `/api/orderid/${id}`);
    expect(seen).toMatchObject({ companyId: acme._id, approval: 'awaiting' });
    const own = await placeOrder(t, owner, pads, 500); // owners have no limit
    expect(await ok(owner, 'GET', `/api/orderid/${own}`)).toMatchObject({ approval: null });
  });

  it('are seen by every member with who placed them, and by no other company', async () => {
    const listed = orderList.parse(await ok(owner, 'GET', '/api/company/orders'));
    expect(new Set(listed.map((o) => o.email))).toEqual(new Set([buyer.email, owner.email]));
    const awaiting = orderList.parse(await ok(owner, 'GET', '/api/company/orders?state=awaiting'));
    expect(awaiting.length).toBeGreaterThanOrEqual(2);
    expect(awaiting.every((o) => o.approval === 'awaiting')).toBe(true);
    expect(orderList.parse(await ok(rival, 'GET', '/api/company/orders'))).toEqual([]);
    expectError(await call(loner, 'GET', '/api/company/orders'), 404);
    const [first] = listed;
    expect(await ok(buyer, 'GET', `/api/orderid/${first?._id}`)).toMatchObject({ _id: first?._id });
    expectError(await call(rival, 'GET', `/api/orderid/${first?._id}`), 403);
  });

  it('are approved by an owner, never by a buyer, another company or the one who placed them', async () => {
    const [waiting] = orderList.parse(await ok(owner, 'GET', '/api/company/orders?state=awaiting'));
    const id = waiting?._id ?? NO_ID;
    const before = await snapshot(t.db);
    expectError(await call(buyer, 'POST', `/api/company/orders/${id}/approve`, {}), 403);
    expectError(await call(rival, 'POST', `/api/company/orders/${id}/approve`, {}), 404);
    expectError(await call(loner, 'POST', `/api/company/orders/${id}/approve`, {}), 404);
    expectError(await call(rival, 'POST', `/api/company/orders/${id}/reject`, { note: 'no' }), 404);
    expectError(await call(owner, 'POST', `/api/company/orders/${id}/reject`, {}), 400);
    await expectUnchanged(t.db, before);

    const approved = await ok(owner, 'POST', `/api/company/orders/${id}/approve`, {
      note: 'Fine for the Leeds van',
    });
    expect(approved).toMatchObject({
      approval: 'approved',
      approvalNote: 'Fine for the Leeds van',
    });
    expectError(await call(owner, 'POST', `/api/company/orders/${id}/approve`, {}), 409);
    expect(t.mail.some((m) => m.to === buyer.email && m.subject.includes('is approved'))).toBe(
      true,
    );
    // Now it can be paid, and its invoice is the company's.
    const transaction = await payInSandbox(t, buyer, id);
    await ok(buyer, 'PUT', `/api/order/${id}`, { transaction });
    const pdf = await call(owner, 'GET', `/api/orders/${id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).join('\n');
    expect(text).toContain('Acme Fleet Ltd');
    expect(text).toContain('Tax/VAT ID GB 123 456 789');
    expect(text).toContain(`Ordered by ${buyer.name} (${buyer.email})`);
    expect((await call(rival, 'GET', `/api/orders/${id}/invoice.pdf`)).statusCode).toBe(403);
  });

  it('are rejected with a note: cancelled, their stock returned', async () => {
    const [waiting] = orderList.parse(await ok(owner, 'GET', '/api/company/orders?state=awaiting'));
    const id = waiting?._id ?? NO_ID;
    const before = await stock();
    const rejected = await ok(owner, 'POST', `/api/company/orders/${id}/reject`, {
      note: 'Too many pads this month',
    });
    expect(rejected).toMatchObject({
      approval: 'rejected',
      cancelled: true,
      approvalNote: 'Too many pads this month',
    });
    expect(await stock()).toBe(before + (waiting?.quantity ?? 0));
    const mail = t.mail
      .filter((m) => m.to === buyer.email && m.subject.includes('was rejected'))
      .at(-1);
    expect(mail?.text).toContain('Too many pads this month');
    expectError(await call(owner, 'POST', `/api/company/orders/${id}/approve`, {}), 409);
  });

  it('are never decided by the member who placed them, even once they own the company', async () => {
    const order = await checkoutPads(buyer, 40);
    const id = memberId(acme, buyer);
    await ok(owner, 'PUT', `/api/company/members/${id}`, { role: 'owner', spendingLimit: null });
    expectError(await call(buyer, 'POST', `/api/company/orders/${order._id}/approve`, {}), 403);
    await ok(owner, 'PUT', `/api/company/members/${id}`, { role: 'buyer', spendingLimit: 100 });
  });

  it('that are unpaid may be cancelled by an owner, not by another buyer', async () => {
    const second = await signUp(t.app, 'second');
    await ok(second, 'POST', '/api/company/invitations/accept', {
      token: await invite(owner, second, 'buyer', null),
    });
    const order = await checkoutPads(buyer, 10);
    expectError(await call(second, 'DELETE', `/api/order/${order._id}`), 403);
    expectError(await call(rival, 'DELETE', `/api/order/${order._id}`), 403);
    expect(await ok(owner, 'DELETE', `/api/order/${order._id}`)).toMatchObject({ deletedCount: 1 });
  });
});
