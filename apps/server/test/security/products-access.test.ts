// Attack catalogue, function-level access to the catalogue's admin calls (PRODUCT §3.8: Add a
// Product and editing a part are for admins): nobody gets 401, a customer 403, and the parts
// table stays as it was (Juice Shop "Product Tampering").
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from './support.ts';

let t: TestApp;
let customer: Customer;
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
