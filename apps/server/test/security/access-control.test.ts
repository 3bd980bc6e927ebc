// Attack catalogue, object-level access (ASVS 5 V8.2.2; Juice Shop "View Basket", "Forged
// Feedback", "Manipulate Basket"): every call that takes an order id or an e-mail, made by
// another customer or by nobody. Each refusal leaves every table as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  refusedAnonymous,
  refusedForbidden,
  shipping,
  type TestApp,
} from './support.ts';

let t: TestApp;
let alice: Customer;
let mallory: Customer;
let partId: string;
let aliceOrder: string;

const aliceProfile = {
  location: 'Zindabazar, Sylhet',
  phone: '0171234567',
  education: 'BSc Mechanical Engineering',
  linkedin: 'https://linkedin.com/in/alice',
};

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  mallory = await signUp(t.app, 'mallory');
  partId = await addPart(t);
  aliceOrder = await placeOrder(t, alice, partId, 150);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/profile/${encodeURIComponent(alice.email)}`,
    headers: alice.headers,
    payload: aliceProfile,
  });
  expect(saved.statusCode).toBe(200);
});
afterAll(() => t.close());

describe('object-level access: another customer’s orders, profile, payments and account', () => {
  it('[AC-01] a customer cannot read another customer’s order (GET /api/orderid/{id})', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/orderid/${aliceOrder}`,
      headers: mallory.headers,
    });
    refusedForbidden(res);
    expect(res.body).not.toContain(shipping.address);
    expect(res.body).not.toContain(alice.email);
    await expectUnchanged(t.db, before);
  });

  it('[AC-02] a customer cannot cancel another customer’s order (DELETE /api/order/{id})', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${aliceOrder}`,
      headers: mallory.headers,
    });
    refusedForbidden(res);
    await expectUnchanged(t.db, before);
  });

  it('[AC-03] a customer cannot record a payment on another customer’s order (PUT /api/order/{id})', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${aliceOrder}`,
      headers: mallory.headers,
      payload: { partsId: partId, transaction: 'pi_sandbox_made_up' },
    });
    refusedForbidden(res);
    await expectUnchanged(t.db, before);
  });

  it('[AC-04] a customer cannot list another customer’s orders (GET /api/userorder?email=), in any spelling', async () => {
    const before = await snapshot(t.db);
    for (const email of [alice.email, alice.email.toUpperCase(), ` ${alice.email} `]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/userorder?email=${encodeURIComponent(email)}`,
        headers: mallory.headers,
      });
      refusedForbidden(res);
      expect(res.body).not.toContain(aliceOrder);
    }
    await expectUnchanged(t.db, before);
  });

  it('[AC-05] parameter pollution (the e-mail twice, or none) is refused, not resolved to someone', async () => {
    const before = await snapshot(t.db);
    const urls = [
      `/api/userorder?email=${encodeURIComponent(mallory.email)}&email=${encodeURIComponent(alice.email)}`,
      `/api/userorder?email[]=${encodeURIComponent(alice.email)}`,
      '/api/userorder',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: mallory.headers });
      expect([400, 403], url).toContain(res.statusCode);
      expectError(res, res.statusCode);
      expect(res.body).not.toContain(aliceOrder);
    }
    await expectUnchanged(t.db, before);
  });

  it('[AC-06] a customer cannot read another customer’s profile (GET /api/profileinfo?email=)', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/profileinfo?email=${encodeURIComponent(alice.email)}`,
      headers: mallory.headers,
    });
    refusedForbidden(res);
    expect(res.body).not.toContain(aliceProfile.phone);
    await expectUnchanged(t.db, before);
  });

  it('[AC-07] a customer cannot write another customer’s profile (PUT /api/profile/{email})', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${encodeURIComponent(alice.email)}`,
      headers: mallory.headers,
      payload: { ...aliceProfile, linkedin: 'https://evil.example/phish' },
    });
    refusedForbidden(res);
    await expectUnchanged(t.db, before);
  });

  it('[AC-08] a customer cannot open a payment intent for another customer’s order', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: mallory.headers,
      payload: { orderId: aliceOrder },
    });
    refusedForbidden(res);
    expect(res.body).not.toContain('secret');
    await expectUnchanged(t.db, before);
  });

  it('[AC-09] a customer cannot change another customer’s account (PUT /api/user/{email})', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(alice.email)}`,
      headers: mallory.headers,
      payload: { email: alice.email, name: 'Hacked', img: 'https://evil.example/x.png' },
    });
    refusedForbidden(res);
    expect(res.body).not.toContain('token');
    await expectUnchanged(t.db, before);
  });

  it('[AC-10] the admin check (GET /api/admin/{email}) tells a customer nothing about others, known or not', async () => {
    const before = await snapshot(t.db);
    const known = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(alice.email)}`,
      headers: mallory.headers,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent('nobody.at.all@garage.com')}`,
      headers: mallory.headers,
    });
    refusedForbidden(known);
    refusedForbidden(unknown);
    expect(unknown.json()).toEqual(known.json());
    await expectUnchanged(t.db, before);
  });

  it('[AC-11] e-mail path tricks (case, spaces, NUL, trailing dot, encoded slashes) reach no one else’s profile', async () => {
    const before = await snapshot(t.db);
    const variants = [
      alice.email.toUpperCase(),
      ` ${alice.email}`,
      `${alice.email}\u0000`,
      `${alice.email}.`,
      `../${alice.email}`,
      `${mallory.email}/../${alice.email}`,
    ];
    for (const email of variants) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/profile/${encodeURIComponent(email)}`,
        headers: mallory.headers,
        payload: { ...aliceProfile, education: 'Owned by Mallory' },
      });
      expect([400, 403, 404], JSON.stringify(email)).toContain(res.statusCode);
      expectError(res, res.statusCode);
    }
    await expectUnchanged(t.db, before);
  });
});

describe('private customer calls without a token', () => {
  it('[AC-12] every private customer call answers 401 to an anonymous caller, before reading the input', async () => {
    const before = await snapshot(t.db);
    const email = encodeURIComponent(alice.email);
    const calls: [string, string, object | undefined][] = [
      ['POST', '/api/order', { partsId: partId, quantity: 100, ...shipping }],
      ['GET', `/api/orderid/${aliceOrder}`, undefined],
      ['GET', `/api/userorder?email=${email}`, undefined],
      ['DELETE', `/api/order/${aliceOrder}`, undefined],
      ['PUT', `/api/order/${aliceOrder}`, { transaction: 'pi_x' }],
      ['POST', '/api/create-payment-intent', { orderId: aliceOrder }],
      ['POST', '/api/review', { rating: 5, comment: 'Great' }],
      ['GET', `/api/profileinfo?email=${email}`, undefined],
      ['PUT', `/api/profile/${email}`, aliceProfile],
      ['PUT', `/api/user/${email}`, { name: 'Hacked' }],
      ['GET', `/api/admin/${email}`, undefined],
      ['GET', '/api/auth/me', undefined],
      ['POST', '/api/auth/verify-email/resend', undefined],
      // Not even a malformed body gets past the token check.
      ['POST', '/api/order', { quantity: 'lots' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      refusedAnonymous(res);
    }
    await expectUnchanged(t.db, before);
  });
});
