// Issue 32 #3: backorders. A part that allows them takes an order above its stock while a restock
// date is known: the line says how many units wait and when they are expected, the stock never
// goes below zero in any warehouse, the order cannot ship while a line waits, and raising the stock
// fills the waiting lines oldest order first, mailing each customer whose order is complete.
import {
  backorderMessages,
  cartReply,
  checkoutReply,
  type Order,
  order as orderSchema,
  part,
} from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  payInSandbox,
  type TestApp,
} from '../../../test/security/support.ts';
import { parts } from '../catalog/catalog.table.ts';

let t: TestApp;
let admin: Customer;
let alice: Customer;
let bob: Customer;
let caliper: string;
let plain: string;

const RESTOCK = '2099-03-01';

// The calls as the companies' tests make them: `ok` checks the status and answers the JSON.
const call: CompanyCalls['call'] = (...args) => companyCalls(t).call(...args);
const ok = (who: Customer, method: string, url: string, payload?: unknown, status = 200) =>
  companyCalls(t).ok(who, method, url, payload, status);
async function fill(who: Customer, partId: string, quantity: number) {
  await call(who, 'DELETE', '/api/cart');
  await ok(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  return cartReply.parse(await ok(who, 'GET', '/api/cart'));
}
const checkoutBody = {
  address: { line1: '12 Dock Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
  tel: '017',
};
async function checkout(who: Customer): Promise<Order> {
  return checkoutReply.parse(await ok(who, 'POST', '/api/checkout', checkoutBody, 201)).order;
}
const setStock = (partId: string, quantity: number, restockDate?: string | null) =>
  ok(admin, 'PUT', `/api/admin/parts/${partId}/stock`, {
    warehouse: 'MAIN',
    quantity,
    ...(restockDate === undefined ? {} : { restockDate }),
  });
const available = async (partId: string) =>
  (await t.db.select().from(parts).where(eq(parts.id, partId)))[0]?.availableQuantity;
const orderOf = async (who: Customer, id: string) =>
  orderSchema.parse(await ok(who, 'GET', `/api/orderid/${id}`));

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  caliper = await addPart(t, {
    partNumber: 'BO-CAL',
    availableQuantity: 10,
    minimumQuantity: 1,
    allowBackorder: true,
  });
  plain = await addPart(t, { partNumber: 'BO-PLAIN', availableQuantity: 10, minimumQuantity: 1 });
});
afterAll(() => t.close());

describe('backorders', () => {
  let first: Order;
  let second: Order;

  it('are refused while no restock date is known, or for a part that does not allow them', async () => {
    let cart = await fill(alice, caliper, 15);
    expect(cart.lines[0]?.problems.map((p) => p.code)).toEqual(['above_stock']);
    expectError(await call(alice, 'POST', '/api/checkout', checkoutBody), 409);
    await setStock(plain, 10, RESTOCK);
    cart = await fill(alice, plain, 15);
    expect(cart.lines[0]?.problems.map((p) => p.code)).toEqual(['above_stock']);
    expectError(await call(alice, 'POST', '/api/checkout', checkoutBody), 409);
    expect(await available(plain)).toBe(10);
  });

  it('take what there is and backorder the rest once a restock date is known, never below zero', async () => {
    const shown = part.parse(await setStock(caliper, 10, RESTOCK));
    expect(shown).toMatchObject({ allowBackorder: true, backorderExpected: RESTOCK });
    const cart = await fill(alice, caliper, 15);
    expect(cart.lines[0]).toMatchObject({
      problems: [],
      backorder: { quantity: 5, expected: RESTOCK },
    });
    first = await checkout(alice);
    expect(first.lines[0]).toMatchObject({
      quantity: 15,
      backorder: { quantity: 5, expected: RESTOCK },
      shipsFrom: [{ warehouse: 'MAIN', quantity: 10 }],
    });
    expect(first.total).toBe(15 * (first.lines[0]?.unitPrice ?? 0));
    expect(await available(caliper)).toBe(0);
    // Out of stock, the next order backorders all of it.
    await fill(bob, caliper, 3);
    second = await checkout(bob);
    expect(second.lines[0]).toMatchObject({ backorder: { quantity: 3, expected: RESTOCK } });
    expect(second.lines[0]?.shipsFrom).toBeUndefined();
    expect(await available(caliper)).toBe(0);
    // The placed mail says so.
    const placed = t.mail.filter((m) => m.to === alice.email && /is placed/.test(m.subject)).at(-1);
    expect(placed?.text).toContain(backorderMessages.line(5, RESTOCK));
  });

  it('keep a paid order from shipping until its units arrive', async () => {
    const transaction = await payInSandbox(t, alice, first._id);
    await ok(alice, 'PUT', `/api/order/${first._id}`, { transaction });
    const res = await call(admin, 'PUT', `/api/manageorders/${first._id}`, {});
    expectError(res, 409);
    expect(res.json().error.message).toBe(backorderMessages.waiting);
  });

  it('are filled oldest order first when the stock is raised, and the complete order is mailed', async () => {
    const before = t.mail.length;
    await setStock(caliper, 6);
    const a = await orderOf(alice, first._id);
    expect(a.lines[0]?.backorder).toBeUndefined();
    expect(a.lines[0]?.shipsFrom).toEqual([
      { warehouse: 'MAIN', name: 'Main warehouse', quantity: 15 },
    ]);
    const b = await orderOf(bob, second._id);
    expect(b.lines[0]?.backorder).toEqual({ quantity: 2, expected: RESTOCK });
    expect(await available(caliper)).toBe(0);
    const arrived = t.mail.slice(before).filter((m) => /have arrived/.test(m.subject));
    expect(arrived.map((m) => m.to)).toEqual([alice.email]);
    // Now it ships.
    await ok(admin, 'PUT', `/api/manageorders/${first._id}`, {});
  });

  it('give back only the units taken when cancelled, and no longer wait', async () => {
    await setStock(caliper, 0);
    expect((await call(bob, 'DELETE', `/api/order/${second._id}`)).json().deletedCount).toBe(1);
    expect(await available(caliper)).toBe(1);
    // Raising the stock again fills nobody's cancelled line.
    await setStock(caliper, 20);
    expect((await orderOf(bob, second._id)).lines[0]?.backorder).toEqual({
      quantity: 2,
      expected: RESTOCK,
    });
    expect(await available(caliper)).toBe(20);
  });

  it('never take any warehouse below zero however many order at once', async () => {
    const pads = await addPart(t, {
      partNumber: 'BO-PADS',
      availableQuantity: 10,
      minimumQuantity: 1,
      allowBackorder: true,
    });
    await setStock(pads, 10, RESTOCK);
    const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(t.app, `bo${i}`)));
    for (const buyer of buyers) await fill(buyer, pads, 4);
    const placed = await Promise.all(
      buyers.map((buyer) => call(buyer, 'POST', '/api/checkout', checkoutBody)),
    );
    expect(placed.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const lines = placed.map((res) => checkoutReply.parse(res.json()).order.lines[0]);
    const waiting = lines.reduce((sum, line) => sum + (line?.backorder?.quantity ?? 0), 0);
    expect(waiting).toBe(20 - 10);
    expect(await available(pads)).toBe(0);
    const held = (await t.db.execute(
      sql`select coalesce(sum(quantity), 0)::int as held, coalesce(min(quantity), 0)::int as least from part_stock where part_id = ${pads}`,
    )) as unknown as { rows: { held: number; least: number }[] };
    expect(held.rows[0]).toEqual({ held: 0, least: 0 });
  });
});
