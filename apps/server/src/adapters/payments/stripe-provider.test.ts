import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeProvider, StripeProviderError } from './stripe-provider.ts';

let stripe: FakeStripe;
let payments: PaymentProvider;

const apiBaseOf = (fake: FakeStripe) => ({
  host: fake.host,
  port: fake.port,
  protocol: fake.protocol,
});

beforeAll(async () => {
  stripe = await startFakeStripe();
  payments = createStripeProvider({ secretKey: stripe.secretKey, apiBase: apiBaseOf(stripe) });
});

afterAll(async () => {
  await stripe?.stop();
});

const newOrder = () => ({
  orderId: randomUUID(),
  amountCents: 12_999,
  idempotencyKey: `order-${randomUUID()}`,
});

describe('the Stripe payment provider', () => {
  it('is named stripe', () => {
    expect(payments.name).toBe('stripe');
  });

  it('creates an intent in USD cents for the order, with card payments enabled', async () => {
    const order = newOrder();
    const intent = await payments.createIntent(order);

    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      amountCents: 12_999,
      currency: 'usd',
      status: 'requires_payment_method',
      orderId: order.orderId,
      card: null,
    });
    const stored = stripe.intents.get(intent.id);
    expect(stored?.metadata).toEqual({ orderId: order.orderId });
    expect(stored?.automatic_payment_methods?.enabled).toBe(true);
  });

  it('returns the same intent for the same idempotency key, so a reload never charges twice', async () => {
    const order = newOrder();
    const before = stripe.createdCount;
    const first = await payments.createIntent(order);
    const again = await payments.createIntent(order);

    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(stripe.createdCount).toBe(before + 1);
  });

  it('refuses to reuse an idempotency key for a different amount', async () => {
    const order = newOrder();
    await payments.createIntent(order);
    const changed = payments.createIntent({ ...order, amountCents: order.amountCents + 100 });

    await expect(changed).rejects.toThrow(StripeProviderError);
    await expect(changed).rejects.toThrow(/same parameters/);
  });

  it("reports the intent before payment, then succeeded with the card's brand and last four", async () => {
    const order = newOrder();
    const { id } = await payments.createIntent(order);

    const unpaid = await payments.retrieveIntent(id);
    expect(unpaid).toMatchObject({
      id,
      status: 'requires_payment_method',
      amountCents: 12_999,
      orderId: order.orderId,
      card: null,
    });

    stripe.succeed(id, { brand: 'visa', last4: '4242' });
    const paid = await payments.retrieveIntent(id);
    expect(paid).toMatchObject({
      id,
      status: 'succeeded',
      amountCents: 12_999,
      currency: 'usd',
      orderId: order.orderId,
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('throws for an intent that does not exist, with Stripe’s code', async () => {
    const missing = payments.retrieveIntent('pi_forged');

    await expect(missing).rejects.toThrow(StripeProviderError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('cancels an open intent, and cancelling it again is not an error', async () => {
    const { id } = await payments.createIntent(newOrder());

    await payments.cancelIntent(id);
    expect((await payments.retrieveIntent(id)).status).toBe('canceled');
    await expect(payments.cancelIntent(id)).resolves.toBeUndefined();
  });

  it('refuses to cancel a paid intent', async () => {
    const { id } = await payments.createIntent(newOrder());
    stripe.succeed(id, { brand: 'mastercard', last4: '4444' });

    await expect(payments.cancelIntent(id)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect((await payments.retrieveIntent(id)).status).toBe('succeeded');
  });

  it('refunds part of a paid intent once per idempotency key, never more than was paid', async () => {
    const { id } = await payments.createIntent(newOrder());
    await expect(
      payments.refund({ intentId: id, amountCents: 100, idempotencyKey: `cn-${id}-0` }),
    ).rejects.toMatchObject({ code: 'charge_not_refundable' });
    stripe.succeed(id, { brand: 'visa', last4: '4242' });

    const first = await payments.refund({
      intentId: id,
      amountCents: 4_500,
      idempotencyKey: `cn-${id}-1`,
    });
    const again = await payments.refund({
      intentId: id,
      amountCents: 4_500,
      idempotencyKey: `cn-${id}-1`,
    });
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), amountCents: 4_500 });
    expect(again.id).toBe(first.id);
    expect(stripe.refunds.filter((refund) => refund.payment_intent === id)).toHaveLength(1);

    await expect(
      payments.refund({ intentId: id, amountCents: 8_500, idempotencyKey: `cn-${id}-2` }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
    await payments.refund({ intentId: id, amountCents: 8_499, idempotencyKey: `cn-${id}-3` });
    expect(
      stripe.refunds
        .filter((refund) => refund.payment_intent === id)
        .reduce((sum, refund) => sum + refund.amount, 0),
    ).toBe(12_999);
  });

  it('rejects a wrong secret key without showing the key, or any part of it', async () => {
    const wrongKey = 'sk_test_wrongKeyZq81x';
    const impostor = createStripeProvider({ secretKey: wrongKey, apiBase: apiBaseOf(stripe) });
    const before = stripe.createdCount;

    const error = await impostor.createIntent(newOrder()).then(
      () => null,
      (thrown: unknown) => thrown,
    );

    expect(error).toBeInstanceOf(StripeProviderError);
    const { message, stack } = error as StripeProviderError;
    expect(message).toMatch(/refused the API key/);
    expect(`${message}\n${stack}`).not.toContain(wrongKey);
    expect(`${message}\n${stack}`).not.toContain('sk_test_');
    expect(`${message}\n${stack}`).not.toContain(wrongKey.slice(-4));
    expect(stripe.createdCount).toBe(before);
  });

  it('refuses an empty secret key at start', () => {
    expect(() => createStripeProvider({ secretKey: ' ' })).toThrow(/secret key is empty/);
  });
});
