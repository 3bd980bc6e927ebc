// Attack catalogue, function-level access to the catalogue's admin calls (PRODUCT §3.8: Add a
// Product and editing a part are for admins): nobody gets 401, a customer 403, and the parts
// table stays as it was (Juice Shop "Product Tampering").
import { part as partReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/features/catalog/catalog.table.ts';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from './support.ts';

let t: TestApp;
let customer: Customer;
let admin: Customer;
let partId: string;

const product = {
  name: 'Free Turbocharger',
  description: 'Priced by the customer',
  img: '/images/parts/turbo.svg',
  availableQuantity: 1000,
  minimumQuantity: 1,
  price: 0.01,
};

beforeAll(async () => {
  t = await createSecurityTestApp();
  customer = await signUp(t.app, 'customer');
  admin = await signInAdmin(t.app, t.db);
  partId = await addPart(t, { priceCents: 12_900 });
});
afterAll(() => t.close());

describe('function-level access: catalogue admin calls', () => {
  it('[PA-01] nobody and no customer may add a part (POST /api/items)', async () => {
    const before = await snapshot(t.db);
    refusedAnonymous(await t.app.inject({ method: 'POST', url: '/api/items', payload: product }));
    refusedForbidden(
      await t.app.inject({
        method: 'POST',
        url: '/api/items',
        headers: customer.headers,
        payload: product,
      }),
    );
    await expectUnchanged(t.db, before);
  });

  it('[PA-02] nobody and no customer may edit a part’s price or stock (PUT /api/item/{id})', async () => {
    const before = await snapshot(t.db);
    const url = `/api/item/${partId}`;
    refusedAnonymous(await t.app.inject({ method: 'PUT', url, payload: product }));
    refusedForbidden(
      await t.app.inject({ method: 'PUT', url, headers: customer.headers, payload: product }),
    );
    await expectUnchanged(t.db, before);
  });
});

describe('stale edits (issue 14 #6)', () => {
  const form = {
    name: 'Brake Pad Set',
    description: 'Ceramic, front axle',
    img: null,
    availableQuantity: 5000,
    minimumQuantity: 100,
    price: 4.25,
  };
  const edit = (id: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/item/${id}`,
      headers: { ...admin.headers, ...headers },
      payload: form,
    });
  const stock = async (id: string) =>
    (await t.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;

  it('[PA-03] a form opened before an order cannot give the sold stock back: 409, nothing changes', async () => {
    const id = await addPart(t);
    const opened = partReply.parse((await t.app.inject(`/api/item/${id}`)).json());
    await placeOrder(t, customer, id, 300);
    expect(await stock(id)).toBe(4700);

    const before = await snapshot(t.db);
    const res = await edit(id, { 'if-match': `"${opened.version}"` });
    expectError(res, 409, 'conflict');
    await expectUnchanged(t.db, before);

    // Reopened, the same form is taken, and the stock is what the admin typed.
    const fresh = partReply.parse((await t.app.inject(`/api/item/${id}`)).json());
    expect(fresh.version).not.toBe(opened.version);
    const saved = await edit(id, { 'if-match': `"${fresh.version}"` });
    expect(saved.statusCode).toBe(200);
    expect(await stock(id)).toBe(5000);
    expect(partReply.parse(saved.json()).version).not.toBe(fresh.version);
  });

  it('[PA-04] an edit without the version is a 428, a malformed one a 400, and nothing changes', async () => {
    const id = await addPart(t);
    const before = await snapshot(t.db);
    expectError(await edit(id, {}), 428, 'precondition_required');
    expectError(await edit(id, { 'if-match': '*' }), 400);
    expectError(await edit(id, { 'if-match': 'W/"abc"' }), 400);
    await expectUnchanged(t.db, before);
  });
});
