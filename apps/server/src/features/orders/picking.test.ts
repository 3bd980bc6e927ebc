// Issue 33 #2: the warehouse's papers. A picking list groups the lines of the orders named (or of
// the oldest paid orders waiting to ship) by the warehouse their units were taken from, by part
// number in each, and names the orders it leaves out with the reason; a paid order's packing slip
// lists its lines and where they go without prices. Admins only.
import { orderNumberText } from '@axle/contract/order-texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { pdfText } from '../../../test/pdf.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  paidOrder,
  placeOrder,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from '../../../test/security/support.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let alice: Customer;
let bob: Customer;
let pads: string;
let discs: string;
let caliper: string;

const get = (who: Customer | null, url: string) => c.call(who, 'GET', url);
const numberOf = async (id: string) =>
  ((await c.ok(admin, 'GET', `/api/orderid/${id}`)) as { number: number }).number;
/** The PDF's text, after checking it is one. */
function textOf(res: Awaited<ReturnType<typeof get>>): string[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(res.rawPayload);
}

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  await c.ok(
    admin,
    'POST',
    '/api/admin/warehouses',
    { code: 'EAST', name: 'East depot', city: 'Hull', timeZone: 'Europe/London', position: 5 },
    201,
  );
  pads = await addPart(t, {
    partNumber: 'PK-200',
    name: 'Brake pads',
    availableQuantity: 50,
    minimumQuantity: 1,
  });
  discs = await addPart(t, {
    partNumber: 'PK-100',
    name: 'Brake discs',
    availableQuantity: 50,
    minimumQuantity: 1,
  });
  caliper = await addPart(t, {
    partNumber: 'PK-300',
    name: 'Caliper',
    availableQuantity: 0,
    minimumQuantity: 1,
  });
  await c.ok(admin, 'PUT', `/api/admin/parts/${caliper}/stock`, { warehouse: 'EAST', quantity: 9 });
});
afterAll(() => t.close());

describe('GET /api/admin/orders/picking-list.pdf', () => {
  it('groups the lines by warehouse and part number and names the orders left out', async () => {
    const alicePads = (await paidOrder(t, alice, pads, 2)).orderId;
    const bobPads = (await paidOrder(t, bob, pads, 3)).orderId;
    const bobDiscs = (await paidOrder(t, bob, discs, 4)).orderId;
    const aliceCaliper = (await paidOrder(t, alice, caliper, 1)).orderId;
    const unpaid = await placeOrder(t, bob, discs, 1);
    const cancelled = await placeOrder(t, bob, discs, 1);
    await c.ok(bob, 'DELETE', `/api/order/${cancelled}`);
    const shipped = (await paidOrder(t, alice, discs, 1)).orderId;
    await c.ok(admin, 'POST', '/api/admin/orders/ship', { orders: [{ id: shipped }] });
    const [n1, n2, n3, n4] = [
      await numberOf(alicePads),
      await numberOf(bobPads),
      await numberOf(bobDiscs),
      await numberOf(aliceCaliper),
    ];
    const [nUnpaid, nCancelled, nShipped] = [
      await numberOf(unpaid),
      await numberOf(cancelled),
      await numberOf(shipped),
    ];

    const ids = [aliceCaliper, alicePads, unpaid, bobPads, NO_ID, bobDiscs, cancelled, shipped];
    const lines = textOf(
      await get(admin, `/api/admin/orders/picking-list.pdf?ids=${ids.join(',')}`),
    );
    const at = (line: string) => lines.findIndex((entry) => entry.startsWith(line));
    expect(lines).toContain(`4 orders: ${[n1, n2, n3, n4].join(', ')}`);
    // The first warehouse, by part number (discs before pads), then the second one.
    expect(at('MAIN: ')).toBeGreaterThan(-1);
    expect(lines[at('EAST: ')]).toBe('EAST: East depot, Hull');
    expect(at('PK-100')).toBeGreaterThan(at('MAIN: '));
    expect(at('PK-200')).toBeGreaterThan(at('PK-100'));
    expect(at('EAST: ')).toBeGreaterThan(at('PK-200'));
    expect(at('PK-300')).toBeGreaterThan(at('EAST: '));
    // The pads: five in all, for two orders.
    expect(lines.slice(at('PK-200'), at('PK-200') + 4)).toEqual([
      'PK-200',
      'Brake pads',
      '5',
      `${n1} (2), ${n2} (3)`,
    ]);
    expect(lines.slice(at('Not on this list'))).toEqual([
      'Not on this list',
      `${NO_ID}: no such order`,
      `${orderNumberText(nUnpaid)}: not paid yet`,
      `${orderNumberText(nCancelled)}: cancelled`,
      `${orderNumberText(nShipped)}: already shipped`,
    ]);
    // No prices on the warehouse's paper.
    expect(lines.join('\n')).not.toContain('$');
  });

  it('without ids takes the oldest paid orders waiting to ship', async () => {
    const waiting = (await paidOrder(t, bob, caliper, 2)).orderId;
    const lines = textOf(await get(admin, '/api/admin/orders/picking-list.pdf'));
    const listed = lines.find((line) => / orders?: /.test(line)) ?? '';
    expect(listed.split(': ')[1]?.split(', ')).toContain(String(await numberOf(waiting)));
    expect(lines.join('\n')).not.toContain('Not on this list');
    await c.ok(admin, 'POST', '/api/admin/orders/ship', { orders: [{ id: waiting }] });
    const after = textOf(await get(admin, '/api/admin/orders/picking-list.pdf'));
    expect(after.join('\n')).not.toContain(`${await numberOf(waiting)} (2)`);
  });

  it('says so when nothing can be picked', async () => {
    const unpaid = await placeOrder(t, alice, pads, 1);
    const lines = textOf(await get(admin, `/api/admin/orders/picking-list.pdf?ids=${unpaid}`));
    expect(lines).toContain('Nothing to pick: no order on this list can ship.');
  });

  it('is for admins only, and refuses ids that are not order ids', async () => {
    refusedAnonymous(await get(null, '/api/admin/orders/picking-list.pdf'));
    refusedForbidden(await get(alice, '/api/admin/orders/picking-list.pdf'));
    for (const ids of ['nope', `${NO_ID},${NO_ID}`, Array(101).fill(NO_ID).join(',')])
      expectError(await get(admin, `/api/admin/orders/picking-list.pdf?ids=${ids}`), 400);
  });
});

describe('GET /api/admin/orders/{id}/packing-slip.pdf', () => {
  it("lists a paid order's lines, where they ship from and where they go, without prices", async () => {
    const id = (await paidOrder(t, alice, caliper, 2)).orderId;
    const res = await get(admin, `/api/admin/orders/${id}/packing-slip.pdf`);
    const lines = textOf(res);
    const number = await numberOf(id);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="packing-slip-order-${number}.pdf"`,
    );
    expect(lines).toContain(`Packing slip: ${orderNumberText(number)}`);
    expect(lines).toContain('Ship to');
    const at = lines.indexOf('PK-300');
    expect(lines.slice(at, at + 4)).toEqual(['PK-300', 'Caliper', '2', 'EAST (2)']);
    expect(lines.join('\n')).not.toContain('$');
  });

  it('is refused for an unpaid or unknown order, a customer and a visitor', async () => {
    const paid = (await paidOrder(t, bob, pads, 1)).orderId;
    const unpaid = await placeOrder(t, bob, pads, 1);
    expectError(await get(admin, `/api/admin/orders/${unpaid}/packing-slip.pdf`), 409);
    expectError(await get(admin, `/api/admin/orders/${NO_ID}/packing-slip.pdf`), 404);
    refusedForbidden(await get(bob, `/api/admin/orders/${paid}/packing-slip.pdf`));
    refusedAnonymous(await get(null, `/api/admin/orders/${paid}/packing-slip.pdf`));
  });
});
