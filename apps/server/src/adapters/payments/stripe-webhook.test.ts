import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  paymentIntentFromEvent,
  verifyStripeEvent,
  WebhookSignatureError,
} from './stripe-webhook.ts';

const webhookSecret = 'whsec_test_axle_endpoint_secret';
const orderId = randomUUID();

const eventBody = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });

const succeededBody = eventBody('payment_intent.succeeded', {
  id: 'pi_3Paid',
  object: 'payment_intent',
  amount: 12_999,
  currency: 'usd',
  status: 'succeeded',
  metadata: { orderId },
  latest_charge: 'ch_3Paid',
});

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });

describe('Stripe webhook signatures', () => {
  it('accept a delivery signed with the endpoint secret, from the raw bytes', () => {
    const event = verifyStripeEvent({
      payload: Buffer.from(succeededBody),
      signatureHeader: sign(succeededBody),
      webhookSecret,
    });

    expect(event.type).toBe('payment_intent.succeeded');
    expect(JSON.stringify(event)).toBe(succeededBody);
  });

  it('accept the raw body as a string too', () => {
    const event = verifyStripeEvent({
      payload: succeededBody,
      signatureHeader: sign(succeededBody),
      webhookSecret,
    });
    expect(event.type).toBe('payment_intent.succeeded');
  });

  it('refuse a signature made with another secret', () => {
    expect(() =>
      verifyStripeEvent({
        payload: succeededBody,
        signatureHeader: sign(succeededBody, { secret: 'whsec_someone_else' }),
        webhookSecret,
      }),
    ).toThrow(WebhookSignatureError);
  });

  it('refuse a body changed after signing', () => {
    const tampered = succeededBody.replace('12999', '1');
    expect(tampered).not.toBe(succeededBody);

    expect(() =>
      verifyStripeEvent({ payload: tampered, signatureHeader: sign(succeededBody), webhookSecret }),
    ).toThrow(WebhookSignatureError);
  });

  it('refuse the same body re-serialised (a parsed-then-stringified body is not the raw body)', () => {
    const reformatted = JSON.stringify(JSON.parse(succeededBody), null, 2);

    expect(() =>
      verifyStripeEvent({
        payload: reformatted,
        signatureHeader: sign(succeededBody),
        webhookSecret,
      }),
    ).toThrow(WebhookSignatureError);
  });

  it('refuse a signature older than the tolerance (a replay)', () => {
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const signatureHeader = sign(succeededBody, { timestamp: sixMinutesAgo });

    expect(() =>
      verifyStripeEvent({ payload: succeededBody, signatureHeader, webhookSecret }),
    ).toThrow(WebhookSignatureError);
    expect(() =>
      verifyStripeEvent({
        payload: succeededBody,
        signatureHeader,
        webhookSecret,
        toleranceSeconds: 60,
      }),
    ).toThrow(/tolerance/i);
    expect(
      verifyStripeEvent({
        payload: succeededBody,
        signatureHeader,
        webhookSecret,
        toleranceSeconds: 600,
      }).type,
    ).toBe('payment_intent.succeeded');
  });

  it('refuse a delivery without a signature header, or with an empty or garbled one', () => {
    for (const signatureHeader of [undefined, '', 'not-a-signature', ['t=1,v1=abc']]) {
      expect(() =>
        verifyStripeEvent({ payload: succeededBody, signatureHeader, webhookSecret }),
      ).toThrow(WebhookSignatureError);
    }
  });

  it('never turn off the timestamp check', () => {
    expect(() =>
      verifyStripeEvent({
        payload: succeededBody,
        signatureHeader: sign(succeededBody),
        webhookSecret,
        toleranceSeconds: 0,
      }),
    ).toThrow(RangeError);
  });
});

describe('paymentIntentFromEvent', () => {
  const verified = (body: string) =>
    verifyStripeEvent({ payload: body, signatureHeader: sign(body), webhookSecret });

  it('takes the intent, its order, status and amount from a payment_intent event', () => {
    expect(paymentIntentFromEvent(verified(succeededBody))).toEqual({
      type: 'payment_intent.succeeded',
      intentId: 'pi_3Paid',
      orderId,
      status: 'succeeded',
      amountCents: 12_999,
    });
  });

  it('gives a null order for an intent made outside the shop', () => {
    const body = eventBody('payment_intent.payment_failed', {
      id: 'pi_3Other',
      object: 'payment_intent',
      amount: 500,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: {},
    });
    expect(paymentIntentFromEvent(verified(body))).toEqual({
      type: 'payment_intent.payment_failed',
      intentId: 'pi_3Other',
      orderId: null,
      status: 'requires_payment_method',
      amountCents: 500,
    });
  });

  it('ignores other events', () => {
    const body = eventBody('charge.succeeded', {
      id: 'ch_3Paid',
      object: 'charge',
      amount: 12_999,
    });
    expect(paymentIntentFromEvent(verified(body))).toBeNull();
  });
});
