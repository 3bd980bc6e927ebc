// Attack catalogue, companies (issue 18): another company's people, invitations, orders, invoices,
// addresses and prices are out of reach; what only the shop's admin decides (payment on account,
// credit, prices) cannot be set by a customer, not even by sending the fields along; an invitation
// cannot be guessed or taken by someone else. Each refusal leaves every table as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billing, type CompanyCalls, companyCalls } from '../companies.ts';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  placeOrder,
  type TestApp,
} from './support.ts';

let t: TestApp;
let c: CompanyCalls;
let owner: Customer;
let buyer: Customer;
let mallory: Customer;
let partId: string;
let companyId: string;
let buyerId: string;
let orderId: string;
let addressId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  [owner, buyer, mallory] = [
    await signUp(t.app, 'owner'),
    await signUp(t.app, 'buyer'),
    await signUp(t.app, 'mallory'),
  ];
  partId = await addPart(t, { partNumber: 'SEC-200', minimumQuantity: 1, priceCents: 1000 });
  addressId = (await c.ok(owner, 'POST', '/api/addresses', { ...billing }, 201))._id;
  companyId = (await c.createCompany(owner, 'Target Fleet Ltd'))._id;
  await c.ok(buyer, 'POST', '/api/company/invitations/accept', {
    token: await c.invite(owner, buyer, 'buyer', 50),
  });
  buyerId = (await c.ok(owner, 'GET', '/api/company')).members.find(
    (m: { email: string }) => m.email === buyer.email,
  ).userId;
  orderId = await placeOrder(t, buyer, partId, 10); // $100: awaits approval
  await c.createCompany(mallory, 'Mallory Motors');
});
afterAll(() => t.close());

describe('companies under attack', () => {
  it('[CO-01] a customer cannot give themselves payment on account, credit or another role by sending the fields', async () => {
    const before = await snapshot(t.db);
    for (const extra of [
      { onAccount: true },
      { creditLimit: 1e6 },
      { role: 'owner' },
      { id: companyId },
    ])
      expectError(
        await c.call(buyer, 'POST', '/api/company', {
          legalName: 'X',
          taxId: 'X1',
          billingAddress: billing,
          ...extra,
        }),
        400,
      );
    expectError(
      await c.call(buyer, 'PUT', `/api/company/members/${buyerId}`, {
        role: 'owner',
        spendingLimit: null,
      }),
      403,
    );
    expectError(
      await c.call(buyer, 'PUT', `/api/company/members/${buyerId}`, {
        role: 'buyer',
        spendingLimit: null,
        companyId,
      }),
      400,
    );
    expectError(
      await c.call(buyer, 'POST', '/api/checkout', {
        address: billing,
        tel: '1',
        payment: 'account',
        companyId,
      }),
      400,
    );
    expectError(
      await c.call(owner, 'PUT', `/api/admin/companies/${companyId}/account`, {
        onAccount: true,
        creditLimit: 1e6,
      }),
      403,
    );
    expectError(
      await c.call(owner, 'PUT', `/api/admin/companies/${companyId}/prices`, {
        categories: [],
        parts: [{ partNumber: 'SEC-200', price: 0.01 }],
      }),
      403,
    );
    await expectUnchanged(t.db, before);
  });

  it('[CO-02] another company sees and changes nothing of this one, whatever ids it sends', async () => {
    const before = await snapshot(t.db);
    expectError(
      await c.call(mallory, 'PUT', `/api/company/members/${buyerId}`, {
        role: 'buyer',
        spendingLimit: 1e5,
      }),
      404,
    );
    expectError(await c.call(mallory, 'DELETE', `/api/company/members/${buyerId}`), 404);
    expectError(await c.call(mallory, 'POST', `/api/company/orders/${orderId}/approve`, {}), 404);
    expectError(
      await c.call(mallory, 'POST', `/api/company/orders/${orderId}/reject`, { note: 'x' }),
      404,
    );
    expectError(await c.call(mallory, 'DELETE', `/api/order/${orderId}`), 403);
    expectError(await c.call(mallory, 'GET', `/api/orderid/${orderId}`), 403);
    expectError(await c.call(mallory, 'GET', `/api/orders/${orderId}/invoice.pdf`), 403);
    expectError(await c.call(mallory, 'PUT', `/api/addresses/${addressId}`, billing), 404);
    expectError(await c.call(mallory, 'POST', '/api/checkout', { addressId, tel: '1' }), 404);
    expectError(await c.call(mallory, 'DELETE', `/api/company/invitations/${NO_ID}`), 404);
    const theirs = await c.ok(mallory, 'GET', '/api/company/orders');
    expect(theirs).toEqual([]);
    await expectUnchanged(t.db, before);
  });

  it('[CO-03] an invitation cannot be guessed, reused, or taken by another address', async () => {
    const token = await c.invite(owner, await signUp(t.app, 'invited'), 'owner', null);
    const before = await snapshot(t.db);
    for (const guess of [
      'a'.repeat(43),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      token.toUpperCase(),
    ])
      expect([400, 409]).toContain(
        (await c.call(mallory, 'POST', '/api/company/invitations/accept', { token: guess }))
          .statusCode,
      );
    // The right token in the wrong hands (already in a company, or another address) changes nothing.
    expectError(await c.call(mallory, 'POST', '/api/company/invitations/accept', { token }), 403);
    await expectUnchanged(t.db, before);
  });

  it('[CO-04] a buyer cannot pay, approve or route around their own order awaiting approval', async () => {
    const before = await snapshot(t.db);
    expectError(await c.call(buyer, 'POST', `/api/company/orders/${orderId}/approve`, {}), 403);
    expectError(await c.call(buyer, 'POST', '/api/create-payment-intent', { orderId }), 409);
    expectError(
      await c.call(buyer, 'PUT', `/api/order/${orderId}`, { transaction: 'pi_forged' }),
      409,
    );
    await expectUnchanged(t.db, before);
  });

  it('[CO-05] markup in a legal name is text in the mail that carries it', async () => {
    const victim = await signUp(t.app, 'victim');
    await c.ok(owner, 'PUT', `/api/company/members/${buyerId}`, {
      role: 'owner',
      spendingLimit: null,
    });
    await c.createCompany(victim, '<img src=x onerror=alert(1)> Ltd');
    const target = await signUp(t.app, 'target');
    await c.invite(victim, target, 'buyer', null);
    const mail = t.mail.filter((m) => m.to === target.email).at(-1);
    expect(mail?.html).not.toContain('<img src=x');
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; Ltd');
  });
});
