// Attack catalogue, payment webhooks in Stripe mode (ASVS 5 V2.3.1, V10.x webhook authenticity;
// Juice Shop "Payback Time"): only a delivery signed with our endpoint secret, recent, and
// unchanged is read; each event id counts once; and even then Stripe's own record of the intent,
// not the event's copy, decides whether an order is paid, for its full amount.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../../src/adapters/payments/stripe-provider.ts';
import { orders } from '../../src/db/schema.ts';
import { type Customer, signUp } from '../customers.ts';
import { type FakeIntent, type FakeStripe, startFakeStripe } from '../fake-stripe.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  type TestApp,
} from './support.ts';

const webhookSecret = 'whsec_test_security';
let stripe: FakeStripe;
let t: TestApp;
let alice: Customer;
let partId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createSecurityTestApp({
    stripe: {
      provider: createStripeProvider({
        secretKey: stripe.secretKey,
        apiBase: { host: stripe.host, port: stripe.port, protocol: stripe.protocol },
      }),
      publishableKey: 'pk_test_security',
      webhookSecret,
    },
  });
  alice = await signUp(t.app, 'alice');
  partId = await addPart(t, { priceCents: 890, minimumQuantity: 200 });
});
afterAll(async () => {
  await t?.close();
  await stripe?.stop();
});

/** An order of 200 × $8.90 = $1,780.00 and its PaymentIntent at (fake) Stripe. */
async function orderAndIntent() {
  const orderId = await placeOrder(t, alice, partId, 200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: alice.headers,
    payload: { orderId },
  });
  expect(res.statusCode).toBe(200);
  return { orderId, intentId: String(res.json().clientSecret).split('_secret_')[0] ?? '' };
}

let eventCounter = 0;
const succeededEvent = (intentId: string, orderId: string, amount = 178_000) => ({
  id: `evt_security_${++eventCounter}_${Date.now()}`,
  object: 'event',
  type: 'payment_intent.succeeded',
  data: {
    object: {
      id: intentId,
      object: 'payment_intent',
      amount,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId },
    },
  },
});

function deliver(
  event: object,
  options: { secret?: string; timestamp?: number; body?: string; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? webhookSecret,
          ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
        })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload: options.body ?? payload,
  });
}

const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('webhook forgery and replay', () => {
  it('[WH-01] a delivery signed with another secret is refused and changes nothing', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const before = await snapshot(t.db);
    const res = await deliver(succeededEvent(intentId, orderId), { secret: 'whsec_attacker' });
    expectError(res, 400, 'invalid_signature');
    await expectUnchanged(t.db, before);
  });

  it('[WH-02] an unsigned delivery, or one with a malformed signature header, is refused', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const before = await snapshot(t.db);
    const event = succeededEvent(intentId, orderId);
    for (const signature of [
      null,
      '',
      'v1=deadbeef',
      't=abc,v1=',
      `t=${Math.floor(Date.now() / 1000)},v0=00`,
    ]) {
      expectError(await deliver(event, { signature }), 400, 'invalid_signature');
    }
    await expectUnchanged(t.db, before);
  });

  it('[WH-03] a genuine but old delivery (replayed an hour later) is refused', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const before = await snapshot(t.db);
    const res = await deliver(succeededEvent(intentId, orderId), {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expectError(res, 400, 'invalid_signature');
    await expectUnchanged(t.db, before);
  });

  it('[WH-04] a body changed after signing (the signature of another event) is refused', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const signed = succeededEvent(intentId, orderId);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify({ ...signed, type: 'payment_intent.created' }),
      secret: webhookSecret,
    });
    const before = await snapshot(t.db);
    expectError(await deliver(signed, { signature }), 400, 'invalid_signature');
    await expectUnchanged(t.db, before);
  });

  it('[WH-05] a handled event delivered again (replay within the window) changes nothing', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    const event = succeededEvent(intentId, orderId);
    const first = await deliver(event);
    expect(first.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await orderRow(orderId)).toMatchObject({ paid: true, transaction: intentId });
    const before = await snapshot(t.db);
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    await expectUnchanged(t.db, before);
  });

  it('[WH-06] a signed event claiming success for an intent Stripe has not charged pays nothing', async () => {
    const { orderId, intentId } = await orderAndIntent();
    const before = await snapshot(t.db);
    const res = await deliver(succeededEvent(intentId, orderId));
    expect(res.statusCode).toBe(200);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['payment_events']);
    expect((await orderRow(orderId))?.paid).toBe(false);
  });

  it('[WH-07] an intent made outside the shop for 50 cents, naming our order, pays nothing', async () => {
    const orderId = await placeOrder(t, alice, partId, 200);
    const forged: FakeIntent = {
      id: `pi_forged_${Date.now()}`,
      object: 'payment_intent',
      amount: 50,
      amount_received: 50,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      client_secret: 'pi_forged_secret_x',
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      latest_charge: null,
      livemode: false,
      metadata: { orderId },
      status: 'succeeded',
    };
    stripe.intents.set(forged.id, forged);
    const before = await snapshot(t.db);
    const res = await deliver(succeededEvent(forged.id, orderId, 178_000));
    expect(res.statusCode).toBe(200);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['payment_events']);
    expect((await orderRow(orderId))?.paid).toBe(false);
    const reported = await t.app.inject({
      method: 'PUT',
      url: `/api/order/${orderId}`,
      headers: alice.headers,
      payload: { transaction: forged.id },
    });
    expectError(reported, 400, 'invalid');
    expect((await orderRow(orderId))?.paid).toBe(false);
  });

  it('[WH-08] a second, differently numbered event for a paid intent pays nothing twice', async () => {
    const { orderId, intentId } = await orderAndIntent();
    stripe.succeed(intentId, { brand: 'visa', last4: '4242' });
    expect((await deliver(succeededEvent(intentId, orderId))).json().outcome).toBe('handled');
    const paid = await orderRow(orderId);
    const before = await snapshot(t.db);
    const res = await deliver(succeededEvent(intentId, orderId));
    expect(res.statusCode).toBe(200);
    const changed = await changedSince(t.db, before);
    // The event is noted, the payment record is refreshed from Stripe (same values), the order stays.
    expect(Object.keys(changed).filter((name) => name !== 'payments')).toEqual(['payment_events']);
    const withoutTime = (rows: Record<string, unknown>[] = []) =>
      rows.map(({ updatedAt: _, ...row }) => row);
    expect(withoutTime(changed.payments?.added)).toEqual(withoutTime(changed.payments?.removed));
    expect(await orderRow(orderId)).toEqual(paid);
  });

  it('[WH-09] an oversized delivery is refused before it is read', async () => {
    const before = await snapshot(t.db);
    const res = await deliver({}, { body: JSON.stringify({ padding: 'x'.repeat(1100 * 1024) }) });
    expectError(res, 413, 'payload_too_large');
    await expectUnchanged(t.db, before);
  });
});
