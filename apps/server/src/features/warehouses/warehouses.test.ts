// Issue 32 #2: stock per warehouse. Everyone reads the warehouses; admins add and change them and
// set what each holds of a part (audited), which moves the part's available quantity by the
// difference. An order takes its stock from one warehouse when one holds every line, else from
// the fewest, says which, and gives it back there when cancelled; a quantity changed without a
// warehouse (the part form) lands in the first one. No warehouse ever goes below zero, and a
// part's warehouses always hold its available quantity between them.
import {
  auditLog,
  checkoutReply,
  type Order,
  order as orderSchema,
  part as partSchema,
  type Warehouse,
  warehouseList,
  warehouseMessages,
  warehouse as warehouseSchema,
} from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
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
import { parts } from '../catalog/catalog.table.ts';

let t: TestApp;
let admin: Customer;
let alice: Customer;

// The calls as the companies' tests make them: `ok` checks the status and answers the JSON.
const call: CompanyCalls['call'] = (...args) => companyCalls(t).call(...args);
const ok = (who: Customer, method: string, url: string, payload?: unknown, status = 200) =>
  companyCalls(t).ok(who, method, url, payload, status);
const setStock = async (
  partId: string,
  warehouse: string,
  quantity: number,
  restockDate?: string | null,
) =>
  partSchema.parse(
    await ok(admin, 'PUT', `/api/admin/parts/${partId}/stock`, {
      warehouse,
      quantity,
      ...(restockDate === undefined ? {} : { restockDate }),
    }),
  );
const stockOf = async (partId: string) =>
  partSchema.parse((await call(null, 'GET', `/api/item/${partId}`)).json()).stock;

/** Every part's warehouses hold its available quantity between them. */
async function expectSumsExact() {
  const result = (await t.db.execute(sql`select p.id from parts p
    where p.available_quantity <> coalesce((select sum(s.quantity) from part_stock s where s.part_id = p.id), 0)`)) as unknown as {
    rows: unknown[];
  };
  expect(result.rows).toEqual([]);
}

async function checkout(who: Customer, lines: [string, number][]): Promise<Order> {
  await call(who, 'DELETE', '/api/cart');
  for (const [partId, quantity] of lines)
    await ok(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  const res = await call(who, 'POST', '/api/checkout', {
    address: { line1: '12 Dock Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
    tel: '017',
  });
  expect(res.statusCode, res.body).toBe(201);
  return checkoutReply.parse(res.json()).order;
}

const sources = (order: Order) => order.lines.map((line) => line.shipsFrom);

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
});
afterAll(() => t.close());

describe('warehouses', () => {
  it('start with the one migration 0029 makes, listed for everyone', async () => {
    const res = await call(null, 'GET', '/api/warehouses');
    expect(res.statusCode).toBe(200);
    expect(warehouseList.parse(res.json())).toEqual([
      expect.objectContaining({
        code: 'MAIN',
        cutoff: '16:00',
        timeZone: 'UTC',
        workingDays: [1, 2, 3, 4, 5],
      }),
    ]);
  });

  it('are added and changed by admins only, audited, with clear refusals', async () => {
    const dhaka = {
      code: 'ctg',
      name: 'Chattogram',
      city: 'Chattogram',
      cutoff: '15:30',
      timeZone: 'Asia/Dhaka',
      workingDays: [4, 7, 1, 2, 3, 3],
    };
    const before = await snapshot(t.db);
    expectError(await call(null, 'POST', '/api/admin/warehouses', dhaka), 401);
    expectError(await call(alice, 'POST', '/api/admin/warehouses', dhaka), 403);
    for (const [change, message] of [
      [{ code: 'C' }, warehouseMessages.code],
      [{ timeZone: 'Mars/Olympus' }, warehouseMessages.timeZone],
      [{ cutoff: '24:00' }, warehouseMessages.cutoff],
      [{ workingDays: [] }, warehouseMessages.workingDays],
      [{ name: '' }, warehouseMessages.name],
    ] as const) {
      const res = await call(admin, 'POST', '/api/admin/warehouses', { ...dhaka, ...change });
      expectError(res, 400);
      expect(JSON.stringify(res.json().error)).toContain(message);
    }
    await expectUnchanged(t.db, before);
    const added: Warehouse = warehouseSchema.parse(
      await ok(admin, 'POST', '/api/admin/warehouses', dhaka, 201),
    );
    expect(added).toEqual({ ...dhaka, code: 'CTG', workingDays: [1, 2, 3, 4, 7], position: 1 });
    const taken = await call(admin, 'POST', '/api/admin/warehouses', { ...dhaka, name: 'Again' });
    expectError(taken, 409);
    expect(taken.json().error.message).toBe(warehouseMessages.codeTaken('CTG'));
    await ok(
      admin,
      'POST',
      '/api/admin/warehouses',
      { ...dhaka, code: 'SYL', name: 'Sylhet', city: 'Sylhet' },
      201,
    );

    expectError(await call(alice, 'PUT', '/api/admin/warehouses/CTG', { cutoff: '17:00' }), 403);
    expectError(await call(admin, 'PUT', '/api/admin/warehouses/NOPE', { cutoff: '17:00' }), 404);
    expect(await ok(admin, 'PUT', '/api/admin/warehouses/ctg', { cutoff: '17:00' })).toMatchObject({
      code: 'CTG',
      cutoff: '17:00',
      name: 'Chattogram',
    });
    await ok(admin, 'PUT', '/api/admin/warehouses/MAIN', { name: 'Dhaka', city: 'Dhaka' });
    const log = auditLog.parse(await ok(admin, 'GET', '/api/admin/audit-log?limit=5'));
    expect(log.map((entry) => [entry.action, entry.target])).toEqual(
      expect.arrayContaining([
        ['add-warehouse', 'CTG'],
        ['add-warehouse', 'SYL'],
        ['edit-warehouse', 'CTG'],
      ]),
    );
  });
});

describe("a part's stock per warehouse", () => {
  let pads: string;

  beforeAll(async () => {
    pads = await addPart(t, { partNumber: 'WH-PADS', availableQuantity: 500, minimumQuantity: 10 });
  });

  it('starts in the first warehouse, and admins set each one, moving the total by the difference', async () => {
    expect(await stockOf(pads)).toEqual([{ warehouse: 'MAIN', quantity: 500, restockDate: null }]);
    const before = await snapshot(t.db);
    const body = { warehouse: 'CTG', quantity: 300 };
    expectError(await call(null, 'PUT', `/api/admin/parts/${pads}/stock`, body), 401);
    expectError(await call(alice, 'PUT', `/api/admin/parts/${pads}/stock`, body), 403);
    expectError(
      await call(admin, 'PUT', `/api/admin/parts/${pads}/stock`, { ...body, quantity: -1 }),
      400,
    );
    expectError(
      await call(admin, 'PUT', `/api/admin/parts/${pads}/stock`, { ...body, warehouse: 'XYZ' }),
      400,
    );
    expectError(
      await call(admin, 'PUT', `/api/admin/parts/${pads}/stock`, {
        ...body,
        restockDate: '2026-13-01',
      }),
      400,
    );
    expectError(
      await call(admin, 'PUT', '/api/admin/parts/00000000-0000-4000-8000-000000000000/stock', body),
      404,
    );
    await expectUnchanged(t.db, before);

    const set = await setStock(pads, 'CTG', 300, '2027-01-15');
    expect(set.availableQuantity).toBe(800);
    expect(set.stock).toEqual([
      { warehouse: 'MAIN', quantity: 500, restockDate: null },
      { warehouse: 'CTG', quantity: 300, restockDate: '2027-01-15' },
    ]);
    // Down to none at Chattogram: the restock date stays (more is expected there).
    expect((await setStock(pads, 'CTG', 0)).stock).toEqual([
      { warehouse: 'MAIN', quantity: 500, restockDate: null },
      { warehouse: 'CTG', quantity: 0, restockDate: '2027-01-15' },
    ]);
    expect((await setStock(pads, 'CTG', 300, null)).availableQuantity).toBe(800);
    const log = auditLog.parse(await ok(admin, 'GET', '/api/admin/audit-log?limit=3'));
    expect(log[0]).toMatchObject({ action: 'set-stock', target: 'WH-PADS @ CTG' });
    await expectSumsExact();
  });

  it('follows the part form: more goes to the first warehouse, less is taken as an order would', async () => {
    await editQuantity(pads, 900);
    expect(await stockOf(pads)).toEqual([
      { warehouse: 'MAIN', quantity: 600, restockDate: null },
      { warehouse: 'CTG', quantity: 300, restockDate: null },
    ]);
    // 400 less: Dhaka, the first to hold all 400, gives them.
    await editQuantity(pads, 500);
    expect(await stockOf(pads)).toEqual([
      { warehouse: 'MAIN', quantity: 200, restockDate: null },
      { warehouse: 'CTG', quantity: 300, restockDate: null },
    ]);
    await expectSumsExact();
  });
});

/** The admin's part form sets the part's available quantity (with its version, as the page sends it). */
async function editQuantity(partId: string, availableQuantity: number) {
  const current = partSchema.parse((await call(null, 'GET', `/api/item/${partId}`)).json());
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/item/${partId}`,
    headers: { ...admin.headers, 'if-match': `"${current.version}"` },
    payload: {
      name: current.name,
      description: current.description,
      img: current.img,
      price: current.price,
      availableQuantity,
      minimumQuantity: current.minimumQuantity,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('orders take stock from the warehouses', () => {
  let caliper: string;
  let filter: string;

  beforeAll(async () => {
    caliper = await addPart(t, { partNumber: 'WH-CAL', availableQuantity: 0, minimumQuantity: 1 });
    filter = await addPart(t, { partNumber: 'WH-FIL', availableQuantity: 0, minimumQuantity: 1 });
    await setStock(caliper, 'MAIN', 5);
    await setStock(caliper, 'CTG', 20);
    await setStock(filter, 'MAIN', 10);
    await setStock(filter, 'CTG', 10);
    await setStock(filter, 'SYL', 30);
  });

  it('from one warehouse when one holds every line, the first in the shop’s order', async () => {
    const both = await checkout(alice, [
      [caliper, 4],
      [filter, 8],
    ]);
    expect(sources(both)).toEqual([
      [{ warehouse: 'MAIN', name: 'Dhaka', quantity: 4 }],
      [{ warehouse: 'MAIN', name: 'Dhaka', quantity: 8 }],
    ]);
    // Dhaka holds 1 caliper now: Chattogram holds both lines.
    const next = await checkout(alice, [
      [caliper, 6],
      [filter, 2],
    ]);
    expect(sources(next)).toEqual([
      [{ warehouse: 'CTG', name: 'Chattogram', quantity: 6 }],
      [{ warehouse: 'CTG', name: 'Chattogram', quantity: 2 }],
    ]);
    // The order says so wherever it is read.
    const read = orderSchema.parse(await ok(alice, 'GET', `/api/orderid/${next._id}`));
    expect(sources(read)).toEqual(sources(next));
    await expectSumsExact();
  });

  it('from the fewest warehouses when none holds every line, and back there when cancelled', async () => {
    // Left: caliper MAIN 1, CTG 14; filter MAIN 2, CTG 8, SYL 30. 15 calipers need two places.
    const split = await checkout(alice, [
      [caliper, 15],
      [filter, 20],
    ]);
    expect(sources(split)).toEqual([
      [
        { warehouse: 'MAIN', name: 'Dhaka', quantity: 1 },
        { warehouse: 'CTG', name: 'Chattogram', quantity: 14 },
      ],
      [{ warehouse: 'SYL', name: 'Sylhet', quantity: 20 }],
    ]);
    expect(await stockOf(caliper)).toEqual(
      [
        { warehouse: 'MAIN', quantity: 0, restockDate: null },
        { warehouse: 'CTG', quantity: 0, restockDate: null },
      ].filter((row) => row.quantity > 0),
    );
    expect((await call(alice, 'DELETE', `/api/order/${split._id}`)).json().deletedCount).toBe(1);
    expect(await stockOf(caliper)).toEqual([
      { warehouse: 'MAIN', quantity: 1, restockDate: null },
      { warehouse: 'CTG', quantity: 14, restockDate: null },
    ]);
    expect(await stockOf(filter)).toEqual([
      { warehouse: 'MAIN', quantity: 2, restockDate: null },
      { warehouse: 'CTG', quantity: 8, restockDate: null },
      { warehouse: 'SYL', quantity: 30, restockDate: null },
    ]);
    await expectSumsExact();
  });

  it('the purchase form’s one-line order too', async () => {
    const orderId = await placeOrder(t, alice, filter, 25);
    const placed = orderSchema.parse(await ok(alice, 'GET', `/api/orderid/${orderId}`));
    expect(sources(placed)).toEqual([[{ warehouse: 'SYL', name: 'Sylhet', quantity: 25 }]]);
    await expectSumsExact();
  });

  it('never below zero in any warehouse, however many order at once', async () => {
    const bolts = await addPart(t, {
      partNumber: 'WH-BOLT',
      availableQuantity: 0,
      minimumQuantity: 1,
    });
    await setStock(bolts, 'MAIN', 7);
    await setStock(bolts, 'CTG', 5);
    await setStock(bolts, 'SYL', 3);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(t.app, `bolt${i}`)),
    );
    const placed = await Promise.all(
      buyers.map((buyer) =>
        call(buyer, 'POST', '/api/order', {
          partsId: bolts,
          quantity: 4,
          tel: '017',
          country: 'Bangladesh',
          city: 'Dhaka',
          address: '1 Road',
        }),
      ),
    );
    // 15 in all: three orders of 4 fit, the fourth would need a fourth unit from nowhere.
    expect(placed.filter((res) => res.statusCode === 201)).toHaveLength(3);
    const [row] = await t.db.select().from(parts).where(eq(parts.id, bolts));
    expect(row?.availableQuantity).toBe(3);
    const left = await stockOf(bolts);
    expect(left.reduce((sum, each) => sum + each.quantity, 0)).toBe(3);
    for (const each of left) expect(each.quantity).toBeGreaterThanOrEqual(0);
    await expectSumsExact();
  });

  it('keeps every warehouse exact while checkouts, cancellations and admins change stock at once', async () => {
    const [nuts, rings] = [
      await addPart(t, { partNumber: 'WH-NUT', availableQuantity: 0, minimumQuantity: 1 }),
      await addPart(t, { partNumber: 'WH-RING', availableQuantity: 0, minimumQuantity: 1 }),
    ];
    for (const [id, code, quantity] of [
      [nuts, 'MAIN', 20],
      [nuts, 'CTG', 20],
      [rings, 'CTG', 20],
      [rings, 'SYL', 20],
    ] as const)
      await setStock(id, code, quantity);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(t.app, `rush${i}`)),
    );
    for (const [i, buyer] of buyers.entries()) {
      await ok(buyer, 'PUT', `/api/cart/lines/${i % 2 ? nuts : rings}`, { quantity: 6 });
      await ok(buyer, 'PUT', `/api/cart/lines/${i % 2 ? rings : nuts}`, { quantity: 5 });
    }
    const address = { line1: '1 Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' };
    const placed = await Promise.all([
      ...buyers.map((buyer) => call(buyer, 'POST', '/api/checkout', { address, tel: '017' })),
      call(admin, 'PUT', `/api/admin/parts/${nuts}/stock`, { warehouse: 'SYL', quantity: 9 }),
      call(admin, 'PUT', `/api/admin/parts/${rings}/stock`, { warehouse: 'MAIN', quantity: 4 }),
    ]);
    for (const res of placed) expect(res.statusCode, res.body).toBeLessThan(300);
    const orders = placed
      .slice(0, buyers.length)
      .map((res) => checkoutReply.parse(res.json()).order);
    await Promise.all(
      orders
        .slice(0, 3)
        .map((order, i) => call(buyers[i] ?? alice, 'DELETE', `/api/order/${order._id}`)),
    );
    await expectSumsExact();
    // What the orders still hold plus what the warehouses hold is everything that was stocked.
    const kept = orders.slice(3).flatMap((order) => order.lines);
    for (const [id, stocked] of [
      [nuts, 49],
      [rings, 44],
    ] as const) {
      const sold = kept
        .filter((line) => line.partId === id)
        .reduce((sum, line) => sum + line.quantity, 0);
      const held = (await stockOf(id)).reduce((sum, each) => sum + each.quantity, 0);
      expect(held + sold).toBe(stocked);
    }
  });
});
