// Attack catalogue, mass assignment (ASVS 5 V15.3.3; Juice Shop "Admin Registration", "Forged
// Review", "Payback Time"): fields the server owns (`role`, `admin`, `paid`, `shipped`,
// `transaction`, prices, ids, owner e-mail and name) sent in every body that is stored. The call
// may succeed, but only with the server's values: each case checks exactly which rows changed.
import { authReply, placeOrderReply, postReviewReply } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../customers.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  placeOrder,
  shipping,
  type TestApp,
} from './support.ts';

let t: TestApp;
let alice: Customer;
let mallory: Customer;
let partId: string;

const owned = {
  role: 'admin',
  admin: true,
  isAdmin: true,
  paid: true,
  shipped: true,
  transaction: 'pi_sandbox_free',
  price: 0.01,
  partsPrice: 0.01,
  totalPrice: 0.01,
  _id: NO_ID,
  id: NO_ID,
  userId: NO_ID,
  emailVerified: true,
  providerId: 'google.com',
  createdAt: '2000-01-01T00:00:00.000Z',
  cancelled: false,
};

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  mallory = await signUp(t.app, 'mallory');
  partId = await addPart(t, { priceCents: 425 });
});
afterAll(() => t.close());

const one = <T>(rows: T[] | undefined): T => {
  expect(rows).toHaveLength(1);
  return (rows as T[])[0] as T;
};

describe('mass assignment', () => {
  it('[MA-01] sign-up ignores role, admin, emailVerified, providerId and ids', async () => {
    const before = await snapshot(t.db);
    const email = `massreg${Date.now()}@garage.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...owned, name: 'Mallory Admin', email, password: 'brake99' },
    });
    expect(res.statusCode).toBe(202);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed).sort()).toEqual(['credentials', 'email_tokens', 'users']);
    const row = one(changed.users?.added);
    expect(row).toMatchObject({
      email,
      role: null,
      emailVerified: false,
      providerId: 'password',
    });
    expect(row.id).not.toBe(NO_ID);
    expect(changed.users?.removed).toEqual([]);
    // The e-mailed link, opened in the browser that signed up, signs in a customer.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const link = t.mail
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(/verify-email\?token=([\w-]+)/)?.[1];
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link },
      cookies: { axle_sign_up: res.cookies.find((c) => c.name === 'axle_sign_up')?.value ?? '' },
    });
    expect(authReply.parse(signedIn.json()).user).toMatchObject({
      role: null,
      providerId: 'password',
    });
  });

  it('[MA-02] a profile update stores only the profile fields, for the caller (no email, userId, img or role)', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/profile/${encodeURIComponent(mallory.email)}`,
      headers: mallory.headers,
      payload: {
        ...owned,
        email: alice.email,
        img: 'https://evil.example/avatar.png',
        location: 'Mirpur, Dhaka',
        phone: '0171234567',
        education: 'BSc Automotive Engineering',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ email: mallory.email, img: null });
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['profiles']);
    const row = one(changed.profiles?.added);
    expect(row).toMatchObject({ location: 'Mirpur, Dhaka', img: null });
    expect(row.userId).not.toBe(NO_ID);
  });

  it('[MA-03] placing an order ignores paid, shipped, transaction, prices, ids and the owner’s e-mail and name', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: mallory.headers,
      payload: {
        ...owned,
        email: alice.email,
        name: alice.name,
        parts: 'Gold Bar',
        partsImg: 'https://evil.example/gold.png',
        partsId: partId,
        quantity: 200,
        ...shipping,
      },
    });
    expect(res.statusCode).toBe(201);
    const { order } = placeOrderReply.parse(res.json());
    expect(order).toMatchObject({
      paid: false,
      shipped: false,
      transaction: null,
      partsPrice: 4.25,
      totalPrice: 850,
      email: mallory.email,
      name: mallory.name,
      parts: 'Brake Pad Set',
      cancelled: false,
    });
    const changed = await changedSince(t.db, before);
    // An order is written with its line (issue 17), its stock taken from a warehouse (issue 32).
    expect(Object.keys(changed).sort()).toEqual([
      'order_line_sources',
      'order_lines',
      'orders',
      'part_stock',
      'parts',
    ]);
    const row = one(changed.orders?.added);
    expect(row).toMatchObject({
      paid: false,
      shipped: false,
      transaction: null,
      unitPriceCents: 425,
      email: mallory.email,
      name: mallory.name,
      partName: 'Brake Pad Set',
      partImg: null,
      cancelledAt: null,
    });
    expect(row.id).not.toBe(NO_ID);
    expect(row.userId).not.toBe(NO_ID);
    expect(one(changed.parts?.added)).toMatchObject({ availableQuantity: 4800 });
  });

  it('[MA-04] a review ignores ids, the author’s userId and createdAt', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: mallory.headers,
      payload: { ...owned, rating: 5, comment: 'Fine pads' },
    });
    expect(res.statusCode).toBe(201);
    const { review, insertedId } = postReviewReply.parse(res.json());
    expect(insertedId).not.toBe(NO_ID);
    expect(new Date(review.createdAt).getFullYear()).toBeGreaterThan(2000);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['reviews']);
    const row = one(changed.reviews?.added);
    expect(row.id).not.toBe(NO_ID);
    expect(row.userId).not.toBe(NO_ID);
    expect(String(row.createdAt)).not.toContain('2000-01-01');
  });

  it('[RV-01] a review is posted under the author’s own name and photo, never a forged one', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: mallory.headers,
      payload: {
        rating: 1,
        comment: 'Terrible shop, buy elsewhere',
        name: alice.name,
        img: 'https://evil.example/alice.png',
        email: alice.email,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ name: mallory.name, img: null });
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['reviews']);
    expect(one(changed.reviews?.added)).toMatchObject({ name: mallory.name, img: null });
    const listed = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(listed.json().some((r: { name: string }) => r.name === alice.name)).toBe(false);
  });

  it('[MA-05] the user sync ignores role, admin, emailVerified, providerId and another e-mail', async () => {
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(mallory.email)}`,
      headers: mallory.headers,
      payload: { ...owned, emailVerified: false, email: alice.email },
    });
    expect(res.statusCode).toBe(200);
    // Mallory verified her address with the e-mailed link; the body cannot undo that.
    expect(res.json().user).toMatchObject({
      email: mallory.email,
      role: null,
      emailVerified: true,
      providerId: 'password',
    });
    await expectUnchanged(t.db, before);
  });

  it('[MA-06] reporting a payment with paid/shipped flags marks nothing paid', async () => {
    const orderId = await placeOrder(t, mallory, partId);
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: mallory.headers,
      payload: { ...owned, partsId: partId, transaction: 'pi_sandbox_free' },
    });
    expectError(res, 400, 'invalid');
    await expectUnchanged(t.db, before);
  });

  it('[MA-07] a payment intent ignores amount, currency and status in the body: the server’s total is charged', async () => {
    const orderId = await placeOrder(t, mallory, partId);
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: mallory.headers,
      payload: { orderId, amount: 0.5, amountCents: 50, currency: 'jpy', status: 'succeeded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(425);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed).sort()).toEqual(['payments', 'sandbox_intents']);
    expect(one(changed.payments?.added)).toMatchObject({
      amountCents: 42_500,
      currency: 'usd',
      status: 'requires_payment_method',
    });
    expect(one(changed.sandbox_intents?.added)).toMatchObject({
      amountCents: 42_500,
      currency: 'usd',
      status: 'requires_payment_method',
    });
  });

  it('[MA-08] the card form cannot declare its own success: a declined card with status=succeeded stays unpaid', async () => {
    const orderId = await placeOrder(t, mallory, partId);
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: mallory.headers,
      payload: { orderId },
    });
    const before = await snapshot(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/confirm',
      payload: {
        clientSecret: intent.json().clientSecret,
        status: 'succeeded',
        amount: 1,
        card: {
          number: '4000 0000 0000 0002',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
          status: 'succeeded',
        },
      },
    });
    expectError(res, 402, 'card_declined');
    await expectUnchanged(t.db, before);
  });
});
