// Attack catalogue, integrations (issue 19): an API key does only what its scopes allow and never
// reaches account, key, webhook, company or admin calls; a revoked key does nothing; another
// customer's keys and webhooks are out of reach; what the server decides (whose key, its secret,
// a webhook's secret) cannot be sent along; webhooks never point the shop at its own network.
// Each refusal leaves every table as it was.
import { API_KEY_SCOPES, createdApiKey } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemResolve } from '../../src/features/webhooks/webhook-addresses.service.ts';
import { billing, type CompanyCalls, companyCalls } from '../companies.ts';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  type TestApp,
} from './support.ts';

let t: TestApp;
let c: CompanyCalls;
let victim: Customer;
let mallory: Customer;
let orderId: string;
let victimKeyId: string;
let victimWebhookId: string;

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });
/** A new key of `who`, used once (its first use is noted on its row, not part of any attack). */
async function keyOf(who: Customer, scopes: string[]) {
  const made = createdApiKey.parse(
    await c.ok(who, 'POST', '/api/keys', { name: 'k', scopes }, 201),
  );
  await t.app.inject({ method: 'GET', url: '/api/categories', headers: withKey(made.key) });
  return made;
}

beforeAll(async () => {
  // hooks.example.com stands for a public host (this machine resolves no outside names).
  t = await createSecurityTestApp({
    webhooks: {
      resolve: async (host) =>
        host === 'hooks.example.com'
          ? [{ address: '93.184.216.34', family: 4 }]
          : systemResolve(host),
    },
  });
  c = companyCalls(t);
  [victim, mallory] = [await signUp(t.app, 'victim'), await signUp(t.app, 'mallory')];
  const partId = await addPart(t, { partNumber: 'SEC-300', minimumQuantity: 1, priceCents: 1000 });
  await c.ok(victim, 'POST', '/api/addresses', { ...billing }, 201);
  orderId = await placeOrder(t, victim, partId, 2);
  victimKeyId = (await keyOf(victim, ['orders:read'])).id;
  victimWebhookId = (
    await c.ok(
      victim,
      'POST',
      '/api/webhooks',
      { url: 'https://hooks.example.com/axle', events: ['order.paid'] },
      201,
    )
  ).id;
});
afterAll(() => t.close());

describe('integrations under attack', () => {
  it('[IG-01] a key with every scope cannot change an account, make keys or webhooks, act for a company or as an admin', async () => {
    const { key } = await keyOf(victim, [...API_KEY_SCOPES]);
    const before = await snapshot(t.db);
    for (const [method, url, payload] of [
      ['PUT', `/api/profile/${encodeURIComponent(victim.email)}`, { location: 'Dhaka' }],
      ['PUT', `/api/user/${encodeURIComponent(victim.email)}`, { name: 'Owned' }],
      ['POST', '/api/keys', { name: 'more', scopes: ['orders:write'] }],
      ['DELETE', `/api/keys/${victimKeyId}`, undefined],
      ['POST', '/api/webhooks', { url: 'https://evil.example.com', events: ['order.paid'] }],
      ['DELETE', `/api/webhooks/${victimWebhookId}`, undefined],
      ['POST', '/api/company', { legalName: 'X', taxId: 'X', billingAddress: billing }],
      ['POST', '/api/auth/logout', undefined],
      ['PUT', `/api/user/admin/${encodeURIComponent(victim.email)}`, undefined],
      ['DELETE', `/api/deleteorder/${orderId}`, undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withKey(key),
        ...(payload ? { payload } : {}),
      });
      expectError(res, 403, 'forbidden');
    }
    await expectUnchanged(t.db, before);
  });

  it('[IG-02] a read-only key cannot order, fill the cart or cancel', async () => {
    const { key } = await keyOf(victim, ['orders:read', 'catalogue:read']);
    const before = await snapshot(t.db);
    for (const [method, url, payload] of [
      ['POST', '/api/checkout', { address: billing, tel: '0113 496 0000' }],
      ['POST', '/api/cart/quick', { text: 'SEC-300,5' }],
      ['DELETE', `/api/order/${orderId}`, undefined],
      ['DELETE', '/api/cart', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withKey(key),
        ...(payload ? { payload } : {}),
      });
      expectError(res, 403, 'forbidden');
      expect(res.json().error.message).toMatch(/scope orders:write/);
    }
    await expectUnchanged(t.db, before);
  });

  it('[IG-03] a revoked key does nothing, at once', async () => {
    const { id, key } = await keyOf(victim, ['orders:write']);
    expect((await c.call(victim, 'DELETE', `/api/keys/${id}`)).statusCode).toBe(204);
    const before = await snapshot(t.db);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/order/${orderId}`, headers: withKey(key) }),
      401,
    );
    await expectUnchanged(t.db, before);
  });

  it("[IG-04] another customer's keys, webhooks and deliveries are out of reach", async () => {
    const { key } = await keyOf(mallory, ['orders:read']);
    const before = await snapshot(t.db);
    expectError(await c.call(mallory, 'DELETE', `/api/keys/${victimKeyId}`), 404);
    expectError(await c.call(mallory, 'DELETE', `/api/webhooks/${victimWebhookId}`), 404);
    expectError(await c.call(mallory, 'GET', `/api/webhooks/${victimWebhookId}/deliveries`), 404);
    expect(JSON.stringify(await c.ok(mallory, 'GET', '/api/keys'))).not.toContain(victimKeyId);
    expect(JSON.stringify(await c.ok(mallory, 'GET', '/api/webhooks'))).not.toContain(
      victimWebhookId,
    );
    // Mallory's key reads Mallory's orders only.
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/orderid/${orderId}`, headers: withKey(key) }),
      403,
    );
    await expectUnchanged(t.db, before);
  });

  it('[IG-05] whose key or webhook it is, and its secret, cannot be sent along', async () => {
    const before = await snapshot(t.db);
    for (const extra of [
      { userId: victimKeyId },
      { key: 'axk_chosen' },
      { companyId: victimKeyId },
    ])
      expectError(
        await c.call(mallory, 'POST', '/api/keys', {
          name: 'k',
          scopes: ['orders:read'],
          ...extra,
        }),
        400,
      );
    for (const extra of [{ secret: 'whsec_chosen' }, { userId: victimKeyId }])
      expectError(
        await c.call(mallory, 'POST', '/api/webhooks', {
          url: 'https://hooks.example.com/m',
          events: ['order.paid'],
          ...extra,
        }),
        400,
      );
    await expectUnchanged(t.db, before);
  });

  it('[IG-06] a webhook cannot point the shop at its own network', async () => {
    const before = await snapshot(t.db);
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.0.0.8/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://localhost/x',
      'http://hooks.example.com/x',
    ])
      expectError(
        await c.call(mallory, 'POST', '/api/webhooks', { url, events: ['order.paid'] }),
        400,
      );
    await expectUnchanged(t.db, before);
  });
});
