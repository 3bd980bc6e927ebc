// Issue 18 #5: the shop's admin gives a company its own prices (a fixed price per part, a
// percentage off per category and the categories below it); the server applies them to every line
// a member orders, whatever the client sends, and members see them; nobody else pays them.
import { auditLog, companyPriceList, type Order, partPriceList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  placeOrder,
  type TestApp,
} from '../../../test/security/support.ts';
import { categories, partPriceTiers } from '../catalog/catalog.table.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let owner: Customer;
let buyer: Customer;
let rival: Customer;
let loner: Customer;
let companyId: string;
let brakes: string;
let pads: string;
let filter: string;
let plugs: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  [owner, buyer, rival, loner] = [
    await signUp(t.app, 'owner'),
    await signUp(t.app, 'buyer'),
    await signUp(t.app, 'rival'),
    await signUp(t.app, 'loner'),
  ];
  const [top] = await t.db
    .insert(categories)
    .values({ name: 'Brakes', slug: 'brakes-prices-test' })
    .returning();
  const [below] = await t.db
    .insert(categories)
    .values({ name: 'Brake pads', slug: 'brake-pads-prices-test', parentId: top?.id ?? null })
    .returning();
  brakes = top?.id ?? '';
  // $4.25 a pad (from 50, $3.90), in Brakes › Brake pads; a $19.99 filter; $8 plugs.
  pads = await addPart(t, {
    name: 'Brake Pad Set',
    partNumber: 'BP-100',
    minimumQuantity: 10,
    priceCents: 425,
    categoryId: below?.id ?? null,
  });
  await t.db.insert(partPriceTiers).values({ partId: pads, minQuantity: 50, priceCents: 390 });
  filter = await addPart(t, {
    name: 'Oil Filter',
    partNumber: 'OF-200',
    minimumQuantity: 5,
    priceCents: 1999,
  });
  plugs = await addPart(t, {
    name: 'Spark Plug',
    partNumber: 'SP-300',
    minimumQuantity: 4,
    priceCents: 800,
  });
  companyId = (await c.createCompany(owner, 'Priced Fleet Ltd'))._id;
  await c.ok(buyer, 'POST', '/api/company/invitations/accept', {
    token: await c.invite(owner, buyer, 'buyer', null),
  });
  await c.createCompany(rival, 'Rival Fleet Ltd');
});
afterAll(() => t.close());

const prices = (who: Customer) =>
  c.ok(who, 'GET', `/api/company/prices?ids=${[pads, filter, plugs].join(',')}`);

describe('a company price list', () => {
  it('is set by the admin only, by part number in any spelling and by category, and audited', async () => {
    const url = `/api/admin/companies/${companyId}/prices`;
    const before = await snapshot(t.db);
    const body = {
      categories: [{ categoryId: brakes, percentOff: 10 }],
      parts: [{ partNumber: 'of 200', price: 15 }],
    };
    expectError(await c.call(owner, 'PUT', url, body), 403);
    expectError(
      await c.call(admin, 'PUT', url, { ...body, parts: [{ partNumber: 'NO-SUCH', price: 1 }] }),
      400,
    );
    expectError(
      await c.call(admin, 'PUT', url, {
        ...body,
        categories: [{ categoryId: crypto.randomUUID(), percentOff: 5 }],
      }),
      400,
    );
    expectError(
      await c.call(admin, 'PUT', url, {
        ...body,
        categories: [{ categoryId: brakes, percentOff: 100 }],
      }),
      400,
    );
    expectError(
      await c.call(admin, 'PUT', url, { ...body, parts: [{ partNumber: 'OF-200', price: 0 }] }),
      400,
    );
    await expectUnchanged(t.db, before);
    const list = companyPriceList.parse(await c.ok(admin, 'PUT', url, body));
    expect(list).toEqual({
      categories: [{ categoryId: brakes, name: 'Brakes', percentOff: 10 }],
      parts: [{ partId: filter, partNumber: 'OF-200', name: 'Oil Filter', price: 15 }],
    });
    expect(companyPriceList.parse(await c.ok(admin, 'GET', url))).toEqual(list);
    const [entry] = auditLog.parse(await c.ok(admin, 'GET', '/api/admin/audit-log'));
    expect(entry).toMatchObject({ action: 'company-prices', target: 'Priced Fleet Ltd' });
  });

  it("is what the company's members see, the categories below a discounted one included", async () => {
    const seen = partPriceList.parse(await prices(buyer));
    const byId = new Map(seen.map((p) => [p.partId, p]));
    // 10 % off $4.25 is $3.83 (rounded to the cent), off the $3.90 tier $3.51.
    expect(byId.get(pads)).toEqual({
      partId: pads,
      price: 3.83,
      priceTiers: [{ minQuantity: 50, price: 3.51 }],
    });
    expect(byId.get(filter)).toEqual({ partId: filter, price: 15, priceTiers: [] });
    expect(byId.get(plugs)).toEqual({ partId: plugs, price: 8, priceTiers: [] });
    // Another company pays the list prices; someone on their own has no company prices to ask for.
    const theirs = partPriceList.parse(await prices(rival));
    expect(theirs.find((p) => p.partId === pads)?.price).toBe(4.25);
    expectError(await c.call(loner, 'GET', `/api/company/prices?ids=${pads}`), 404);
    expectError(await c.call(buyer, 'GET', '/api/company/prices?ids=not-an-id'), 400);
  });

  it('prices the cart, checkout and the purchase form on the server, whatever the client sends', async () => {
    await c.call(buyer, 'DELETE', '/api/cart');
    await c.ok(buyer, 'PUT', `/api/cart/lines/${pads}`, { quantity: 20 });
    const change = await c.ok(buyer, 'PUT', `/api/cart/lines/${filter}`, { quantity: 5 });
    expect([change.line.unitPrice, change.total]).toEqual([15, 151.6]);
    const cart = await c.ok(buyer, 'GET', '/api/cart');
    expect(cart.lines.map((l: { unitPrice: number }) => l.unitPrice)).toEqual([3.83, 15]);
    expect(cart.total).toBe(151.6);
    const placed = await c.ok(
      buyer,
      'POST',
      '/api/checkout',
      {
        address: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
        tel: '0113 496 0000',
      },
      201,
    );
    const order = placed.order as Order;
    expect(order.lines.map((l) => [l.unitPrice, l.listPrice])).toEqual([
      [3.83, 4.25],
      [15, 19.99],
    ]);
    expect(order.total).toBe(151.6);
    // The purchase form: the price in the body is ignored, the company's is charged.
    const id = await placeOrder(t, owner, pads, 60);
    const one = await c.ok(owner, 'GET', `/api/orderid/${id}`);
    expect(one).toMatchObject({ partsPrice: 3.51, total: 210.6 });
    // Someone on their own pays the list price.
    const own = await placeOrder(t, loner, pads, 20);
    expect((await c.ok(loner, 'GET', `/api/orderid/${own}`)).partsPrice).toBe(4.25);
  });
});
