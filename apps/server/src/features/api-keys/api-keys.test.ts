// Issue 19 #3: a customer's system calls the API with an API key instead of a person's session.
// A key is shown once and kept hashed, works only on the calls its scopes allow (the security the
// OpenAPI document states for each call), acts as its maker, is counted per key, logged, and stops
// at once when revoked. Nobody reaches another customer's keys.
import { API_KEY_SCOPES, type ApiKeyScope, apiKeyList, createdApiKey } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls, dock } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  type TestApp,
} from '../../../test/security/support.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { apiKeyRefusals } from '../../http/auth.ts';
import { apiKeys } from './api-keys.table.ts';

/** The words of a key refused for what the call is (not for what it asked). */
const apiRefusalMessages = new Set([
  apiKeyRefusals.notHere,
  ...API_KEY_SCOPES.map((scope) => apiKeyRefusals.scope(scope)),
]);

let t: TestApp;
let calls: CompanyCalls;
let owner: Customer;
let rival: Customer;
let pads: string;

const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

async function makeKey(who: Customer, scopes: ApiKeyScope[], name = 'Purchasing system') {
  const res = await calls.call(who, 'POST', '/api/keys', { name, scopes });
  expect(res.statusCode, res.body).toBe(201);
  return createdApiKey.parse(res.json());
}

beforeAll(async () => {
  t = await createSecurityTestApp();
  calls = companyCalls(t);
  [owner, rival] = [await signUp(t.app, 'owner'), await signUp(t.app, 'rival')];
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  await calls.ok(owner, 'POST', '/api/addresses', dock, 201);
});
afterAll(() => t.close());

describe('making and listing keys', () => {
  it('answers the key once, starting axk_, and keeps only its hash', async () => {
    const { id, key } = await makeKey(owner, ['catalogue:read']);
    expect(key).toMatch(/^axk_[A-Za-z0-9_-]{40,}$/);
    const listed = await calls.call(owner, 'GET', '/api/keys');
    expect(listed.body).not.toContain(key);
    const [shown] = apiKeyList.parse(listed.json()).filter((k) => k.id === id);
    expect(shown).toMatchObject({ name: 'Purchasing system', scopes: ['catalogue:read'] });
    expect(key.startsWith(shown?.start ?? '-')).toBe(true);
    expect(shown?.start.length).toBeLessThan(12);
    expect(shown?.lastUsedAt).toBeNull();
    // Nothing stored is the key.
    const rows = await t.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(key.slice(4));
  });

  it('refuses a key without a name or a scope, or with an unknown scope, and writes nothing', async () => {
    const before = (await t.db.select().from(apiKeys)).length;
    for (const body of [
      { name: '', scopes: ['orders:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['admin'] },
      { name: 'x', scopes: ['orders:read'], userId: NO_ID },
    ])
      expectError(await calls.call(owner, 'POST', '/api/keys', body), 400);
    expect((await t.db.select().from(apiKeys)).length).toBe(before);
  });

  it("keeps every customer's keys their own", async () => {
    const { id } = await makeKey(owner, ['orders:read']);
    const theirs = apiKeyList.parse(await calls.ok(rival, 'GET', '/api/keys'));
    expect(theirs.map((k) => k.id)).not.toContain(id);
    expectError(await calls.call(rival, 'DELETE', `/api/keys/${id}`), 404);
    const mine = apiKeyList.parse(await calls.ok(owner, 'GET', '/api/keys'));
    expect(mine.map((k) => k.id)).toContain(id);
  });

  it('refuses keys to admins and to anonymous callers', async () => {
    const admin = await signInAdmin(t.app, t.db);
    expectError(
      await calls.call(admin, 'POST', '/api/keys', { name: 'x', scopes: ['orders:read'] }),
      403,
    );
    expectError(await calls.call(null, 'GET', '/api/keys'), 401);
  });
});

describe('calling with a key', () => {
  it('acts as its maker: reads their orders and checks out for them', async () => {
    const { key } = await makeKey(owner, ['orders:read', 'orders:write', 'catalogue:read']);
    const headers = withKey(key);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${pads}`,
      headers,
      payload: { quantity: 20 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers,
      payload: { address: dock, tel: '0113 496 0000', poNumber: 'PO-19' },
    });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const orderId = checkout.json().order._id;
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/userorder?email=${encodeURIComponent(owner.email)}`,
      headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((o: { _id: string }) => o._id)).toContain(orderId);
    // The person sees the order the system placed.
    const asPerson = await calls.ok(owner, 'GET', `/api/orderid/${orderId}`);
    expect(asPerson.email).toBe(owner.email);
    // The rival's key does not reach it.
    const rivalKey = await makeKey(rival, ['orders:read']);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/orderid/${orderId}`,
      headers: withKey(rivalKey.key),
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('is accepted only by the calls its scopes allow, on every call of the document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    };
    const keys = Object.fromEntries(
      await Promise.all(
        API_KEY_SCOPES.map(async (scope) => [scope, (await makeKey(owner, [scope])).key]),
      ),
    ) as Record<ApiKeyScope, string>;
    let allowed = 0;
    let refused = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, (name) =>
        name.toLowerCase().includes('email') ? encodeURIComponent(rival.email) : NO_ID,
      );
      for (const [method, operation] of Object.entries(operations)) {
        const scope = operation.security?.find((s) => s.apiKey)?.apiKey?.[0];
        for (const held of API_KEY_SCOPES) {
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: withKey(keys[held]),
          });
          const refusal =
            res.statusCode === 403 && apiRefusalMessages.has(res.json().error?.message);
          const label = `${method.toUpperCase()} ${path} with ${held}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, label).not.toBe(401);
          if (scope === held) {
            expect(refusal, label).toBe(false);
            allowed += 1;
          } else {
            expect(refusal, label).toBe(true);
            refused += 1;
          }
        }
      }
    }
    expect(allowed).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(200);
  });

  it('never reaches account, key, company or admin calls, whatever its scopes', async () => {
    const { key } = await makeKey(owner, [...API_KEY_SCOPES]);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/profileinfo'],
      ['GET', '/api/keys'],
      ['POST', '/api/keys'],
      ['GET', '/api/webhooks'],
      ['GET', '/api/company'],
      ['POST', '/api/company/invitations'],
      ['GET', '/api/users'],
      ['GET', '/api/manageorders'],
      ['PUT', `/api/item/${NO_ID}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: withKey(key) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(apiRefusalMessages.has(res.json().error.message), `${method} ${url}`).toBe(true);
    }
  });

  it('stops at once when revoked, and a made-up key is refused everywhere', async () => {
    const { id, key } = await makeKey(owner, ['catalogue:read']);
    const search = () =>
      t.app.inject({ method: 'GET', url: '/api/items?limit=1', headers: withKey(key) });
    expect((await search()).statusCode).toBe(200);
    expect((await calls.call(owner, 'DELETE', `/api/keys/${id}`)).statusCode).toBe(204);
    expectError(await search(), 401);
    expectError(await calls.call(owner, 'DELETE', `/api/keys/${id}`), 404);
    const listed = apiKeyList.parse(await calls.ok(owner, 'GET', '/api/keys'));
    expect(listed.map((k) => k.id)).not.toContain(id);
    const madeUp = `axk_${'A'.repeat(43)}`;
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/items', headers: withKey(madeUp) }),
      401,
    );
  });

  it('notes when a key was last used', async () => {
    const { id, key } = await makeKey(owner, ['catalogue:read']);
    await t.app.inject({ method: 'GET', url: '/api/categories', headers: withKey(key) });
    const shown = apiKeyList
      .parse(await calls.ok(owner, 'GET', '/api/keys'))
      .find((k) => k.id === id);
    expect(shown?.lastUsedAt).not.toBeNull();
  });
});

describe('keys of a company', () => {
  it('are made by its owners only, and stop working when their maker is no longer an owner', async () => {
    const boss = await signUp(t.app, 'boss');
    const clerk = await signUp(t.app, 'clerk');
    await calls.createCompany(boss, 'Keyed Fleet Ltd');
    const token = await calls.invite(boss, clerk, 'owner', null);
    await calls.ok(clerk, 'POST', '/api/company/invitations/accept', { token });
    const { key } = await makeKey(clerk, ['orders:read']);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/userorder?email=${encodeURIComponent(clerk.email)}`,
        headers: withKey(key),
      });
    expect((await read()).statusCode).toBe(200);
    // The clerk becomes a buyer: their company key stops, and they cannot make another.
    const clerkId = (await calls.ok(clerk, 'GET', '/api/auth/me')).user._id;
    await calls.ok(boss, 'PUT', `/api/company/members/${clerkId}`, {
      role: 'buyer',
      spendingLimit: null,
    });
    expectError(await read(), 401);
    expectError(
      await calls.call(clerk, 'POST', '/api/keys', { name: 'x', scopes: ['orders:read'] }),
      403,
    );
  });
});

describe('limits and logs', () => {
  it('counts calls per key, and names the key (never the key itself) in the log', async () => {
    const lines: string[] = [];
    const { createLogger } = await import('../../http/request-log.ts');
    const limited = await createTestApp({
      apiKeyLimit: { max: 3, windowSeconds: 60 },
      logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    try {
      const who = await signUp(limited.app, 'limited');
      const make = async () =>
        createdApiKey.parse(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/keys',
              headers: who.headers,
              payload: { name: 'k', scopes: ['catalogue:read'] },
            })
          ).json(),
        );
      const [first, second] = [await make(), await make()];
      const call = (key: string) =>
        limited.app.inject({ method: 'GET', url: '/api/categories', headers: withKey(key) });
      for (let i = 0; i < 3; i++) expect((await call(first.key)).statusCode).toBe(200);
      expectError(await call(first.key), 429);
      expect((await call(second.key)).statusCode).toBe(200);
      const logged = lines.join('\n');
      expect(logged).toContain(`"apiKeyId":"${first.id}"`);
      expect(logged).not.toContain(first.key.slice(4));
    } finally {
      await limited.close();
    }
  });
});
