// Stripe mode end to end: our routes → the official SDK → a local fake of Stripe's API, and
// webhooks signed with the SDK's own test helper.

import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createStripeProvider } from '../../adapters/payments/stripe-provider.ts';
import { parts } from '../catalog/catalog.table.ts';
import { orders } from '../orders/orders.table.ts';
import { paymentEvents } from './payments.table.ts';

const webhookSecret = 'whsec_test_axle';
let stripe: FakeStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;
let partId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    stripe: {
      provider: createStripeProvider({
        secretKey: stripe.secretKey,
        apiBase: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
      }),
      publishableKey: 'pk_test_axle',
      webhookSecret,
    },
  });
  alice = await signUp(t.app, 'stripe');
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Spark Plug',
      description: 'Iridium',
      availableQuantity: 5000,
      minimumQuantity: 200,
      priceCents: 890,
    })
    .returning();
  partId = part?.id ?? '';
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
});

const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Cumilla',
  address: '3 Kandirpar',
};
async function orderAndIntent(totalPrice = 1780) {
  const orderId = (
    await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: alice.headers,
      payload: { partsId: partId, quantity: 200, ...shipping },
    })
  ).json().insertedId as string;
  const { clientSecret } = (
    await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice.headers,
      payload: { orderId, totalPrice },
    })
  ).json();
  return { orderId, intentId: String(clientSecret).split('_secret_')[0] ?? '' };
}
const paidState = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

function webhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}
const succeededEvent = (id: string, intentId: string, orderId: string) => ({
  id,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: {
    object: {
      id: intentId,
      object: 'payment_intent',
      amount: 178000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId },
    },
  },
});

describe('Stripe mode', () => {
  it('tells the page to load Stripe.js and lets the CSP allow only Stripe’s host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      payments: { provider: 'stripe', publishableKey: 'pk_test_axle' },
      taxRateBasisPoints: 0,
    });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/confirm', payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('creates one PaymentIntent per order for the server’s amount, with the order in its metadata', async () => {
    const before = stripe.createdCount;
    const { orderId, intentId } = await orderAndIntent();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice.headers,
      payload: { orderId },
    });
    expect(String(again.json().clientSecret).startsWith(intentId)).toBe(true);
    expect(stripe.createdCount).toBe(before + 1);
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 178000,
      currency: 'usd',
      metadata: { orderId },
    });
  });

  it('records a payment only once Stripe says it succeeded', async () => {
    const { orderId, intentId } = await orderAndIntent();
    const record = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/order/${orderId}`,
        headers: alice.headers,
        payload: { partsId: partId, transaction: intentId },
      });
    expect((await record()).statusCode).toBe(400);
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const res = await record();
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ paid: true, transaction: intentId });
  });

  it('marks the order paid from the webhook when the customer never comes back, once per event', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'mastercard', last4: '4444' });
    const event = succeededEvent('evt_paid_1', intentId, orderId);
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await paidState(orderId)).toMatchObject({ paid: true, transaction: intentId });
    const replay = await webhook(event);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
  });

  it('does not trust what the event claims: an intent that has not succeeded pays nothing', async () => {
    const { orderId, intentId } = await orderAndIntent();
    const res = await webhook(succeededEvent('evt_lie_1', intentId, orderId));
    expect(res.statusCode).toBe(200);
    expect((await paidState(orderId))?.paid).toBe(false);
  });

  it('refuses forged, tampered and stale webhook calls, and changes nothing', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const event = succeededEvent('evt_forged_1', intentId, orderId);
    const forged = await webhook(event, { secret: 'whsec_someone_else' });
    const stale = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    for (const res of [forged, stale, unsigned]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    expect((await paidState(orderId))?.paid).toBe(false);
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, 'evt_forged_1')),
    ).toHaveLength(0);
  });

  it("refunds a core deposit through Stripe once the admin records the old part's return", async () => {
    const admin = await signInAdmin(t.app, t.db);
    await t.db.update(parts).set({ coreChargeCents: 150 }).where(eq(parts.id, partId));
    try {
      // 200 plugs at $8.90 with a $1.50 core each: $2,080.00, of which $300.00 deposits.
      const { orderId, intentId } = await orderAndIntent(2080);
      expect(stripe.intents.get(intentId)?.amount).toBe(208_000);
      stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
      const paid = await t.app.inject({
        method: 'PUT',
        url: `/api/order/${orderId}`,
        headers: alice.headers,
        payload: { transaction: intentId },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const returned = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/core-returns`,
        headers: admin.headers,
        payload: { partId, quantity: 120 },
      });
      expect(returned.statusCode, returned.body).toBe(201);
      expect(stripe.refunds.filter((refund) => refund.payment_intent === intentId)).toEqual([
        expect.objectContaining({ amount: 18_000 }),
      ]);
    } finally {
      await t.db.update(parts).set({ coreChargeCents: null }).where(eq(parts.id, partId));
    }
  });
});
