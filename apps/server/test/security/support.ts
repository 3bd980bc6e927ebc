// What the attack catalogue's files share: a test app whose rate limits stay out of the way
// (brute-force.test.ts sets its own), a part to order, orders placed and paid through the API,
// and the checks every refusal makes (status, the JSON error shape, the headers).
import { createPaymentIntentReply, placeOrderReply } from '@axle/contract';
import { expect } from 'vitest';
import { parts } from '../../src/db/schema.ts';
import { type AuthLimits, defaultAuthLimits } from '../../src/features/accounts/accounts.limits.ts';
import type { Customer } from '../customers.ts';
import { createTestApp } from '../test-app.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Every limit far above what a test file does, so only brute-force.test.ts meets them. */
export const generousLimits = Object.fromEntries(
  Object.keys(defaultAuthLimits).map((name) => [name, { max: 100_000, windowSeconds: 60 }]),
) as AuthLimits;

export function createSecurityTestApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  return createTestApp({ authLimits: generousLimits, ...overrides });
}

/** An id no row has. */
export const NO_ID = '00000000-0000-4000-8000-000000000000';

export const shipping = {
  tel: '01712345678',
  country: 'Bangladesh',
  city: 'Dhaka',
  address: '12 Road, Gulshan',
};

export async function addPart(
  t: TestApp,
  values: Partial<typeof parts.$inferInsert> = {},
): Promise<string> {
  const [row] = await t.db
    .insert(parts)
    .values({
      name: 'Brake Pad Set',
      description: 'Ceramic, front axle',
      availableQuantity: 5000,
      minimumQuantity: 100,
      priceCents: 425,
      ...values,
    })
    .returning();
  if (!row) throw new Error('part not inserted');
  return row.id;
}

export async function placeOrder(
  t: TestApp,
  who: Customer,
  partId: string,
  quantity = 100,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: who.headers,
    payload: { partsId: partId, quantity, ...shipping },
  });
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return placeOrderReply.parse(res.json()).insertedId;
}

/** A payment intent for the order and the sandbox's card form paying it with 4242…; the intent id. */
export async function payInSandbox(t: TestApp, who: Customer, orderId: string): Promise<string> {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { orderId },
  });
  const { clientSecret } = createPaymentIntentReply.parse(intent.json());
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/sandbox/confirm',
    payload: {
      clientSecret,
      card: {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
      },
    },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return confirmed.json().id as string;
}

/** The order is paid through the API: intent, card, and the page's report. */
export async function paidOrder(
  t: TestApp,
  who: Customer,
  partId: string,
  quantity = 100,
): Promise<{ orderId: string; transaction: string }> {
  const orderId = await placeOrder(t, who, partId, quantity);
  const transaction = await payInSandbox(t, who, orderId);
  const recorded = await t.app.inject({
    method: 'PUT',
    url: `/api/order/${orderId}`,
    headers: who.headers,
    payload: { transaction },
  });
  if (recorded.statusCode !== 200) throw new Error(`record failed: ${recorded.body}`);
  return { orderId, transaction };
}

/** A JSON reply the browser will not sniff into anything else. */
export function expectJsonReply(res: Reply): void {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

/**
 * A refusal: this status, `{ error: { code, message } }` and nothing else, as JSON; an `invalid`
 * one may name its refused values in `fields` (each a path and a message).
 */
export function expectError(res: Reply, status: number, code?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expectJsonReply(res);
  const fields = res.json().error?.fields;
  expect(res.json()).toEqual({
    error: {
      code: code ?? expect.any(String),
      message: expect.any(String),
      ...(fields === undefined
        ? {}
        : {
            fields: fields.map(() => ({ path: expect.any(String), message: expect.any(String) })),
          }),
    },
  });
  if (fields !== undefined) expect(res.json().error.code).toBe('invalid');
}

/** The refusals a private call gives: 401 anonymous, 403 for a customer where it is not theirs. */
export const refusedAnonymous = (res: Reply) => expectError(res, 401, 'unauthorized');
export const refusedForbidden = (res: Reply) => expectError(res, 403, 'forbidden');
