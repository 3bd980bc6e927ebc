// Issue 33 #3: orders out as CSV. An admin downloads Manage All Orders' orders under its filters
// (state, dates, search), one row a line with the customer, company, PO number, invoice, states
// and totals; a cell a spreadsheet would run is neutralised; customers are refused.
import { ORDER_CSV_COLUMNS } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  payInSandbox,
  placeOrder,
  type TestApp,
} from '../../../test/security/support.ts';
import { readCsv } from '../catalog/csv.service.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let alice: Customer;
let bob: Customer;
let paidId: string;
let unpaidId: string;
let cancelledId: string;

/** The export's rows as records of their columns (the header first checked). */
async function exported(query = ''): Promise<Record<string, string>[]> {
  const res = await c.call(admin, 'GET', `/api/admin/orders/export.csv${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="axle-orders.csv"');
  const rows: string[][] = [];
  async function* body() {
    yield res.body;
  }
  for await (const record of readCsv(body())) {
    if ('error' in record) throw new Error(record.error);
    rows.push(record.cells);
  }
  const [header, ...lines] = rows;
  expect(header).toEqual([...ORDER_CSV_COLUMNS]);
  return lines.map((cells) =>
    Object.fromEntries(ORDER_CSV_COLUMNS.map((column, i) => [column, cells[i] ?? ''])),
  );
}
const ordersIn = (rows: Record<string, string>[]) => [...new Set(rows.map((row) => row.orderId))];

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  const starter = await addPart(t, {
    name: 'Starter Motor',
    partNumber: 'EXP-STARTER',
    priceCents: 12_000,
    coreChargeCents: 3_500,
    minimumQuantity: 1,
  });
  const filter = await addPart(t, {
    name: '=Filter, "spin-on"',
    partNumber: 'EXP-FILTER',
    priceCents: 650,
    minimumQuantity: 1,
  });
  await c.ok(alice, 'PUT', `/api/cart/lines/${starter}`, { quantity: 2 });
  await c.ok(alice, 'PUT', `/api/cart/lines/${filter}`, { quantity: 10 });
  const placed = await c.ok(
    alice,
    'POST',
    '/api/checkout',
    {
      address: { line1: '12 Dock Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
      tel: '017',
      poNumber: '=HYPERLINK("http://x")',
    },
    201,
  );
  paidId = placed.insertedId;
  const transaction = await payInSandbox(t, alice, paidId);
  await c.ok(alice, 'PUT', `/api/order/${paidId}`, { transaction });
  unpaidId = await placeOrder(t, bob, filter, 3);
  cancelledId = await placeOrder(t, bob, filter, 4);
  await c.ok(bob, 'DELETE', `/api/order/${cancelledId}`);
});
afterAll(() => t.close());

describe('GET /api/admin/orders/export.csv', () => {
  it('writes one row a line with the order, its customer, states and totals, oldest first', async () => {
    const rows = await exported();
    expect(ordersIn(rows)).toEqual([paidId, unpaidId]);
    const paid = rows.filter((row) => row.orderId === paidId);
    expect(paid.map((row) => [row.line, row.partNumber, row.quantity])).toEqual([
      ['1', 'EXP-STARTER', '2'],
      ['2', 'EXP-FILTER', '10'],
    ]);
    expect(paid[0]).toMatchObject({
      state: 'Paid — being prepared',
      customer: alice.name,
      email: alice.email,
      company: '',
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      paid: 'true',
      shipped: 'false',
      cancelled: 'false',
      part: 'Starter Motor',
      unitPrice: '120.00',
      lineTotal: '240.00',
      coreDeposit: '70.00',
      // $240 of starters, $70 of their deposits and $65 of filters.
      orderTotal: '375.00',
    });
    // What a spreadsheet would run is text: the PO number and a part's name keep a leading '.
    expect(paid[0]?.poNumber).toBe(`'=HYPERLINK("http://x")`);
    expect(paid[1]?.part).toBe(`'=Filter, "spin-on"`);
    expect(rows.find((row) => row.orderId === unpaidId)).toMatchObject({
      state: 'Awaiting payment',
      paid: 'false',
      orderTotal: '19.50',
    });
  });

  it("takes Manage All Orders' filters: state, dates and search", async () => {
    expect(ordersIn(await exported('?state=unpaid'))).toEqual([unpaidId]);
    expect(ordersIn(await exported('?state=paid'))).toEqual([paidId]);
    expect(ordersIn(await exported('?state=cancelled'))).toEqual([cancelledId]);
    expect(ordersIn(await exported(`?q=${encodeURIComponent(bob.email)}`))).toEqual([unpaidId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(ordersIn(await exported(`?from=${today}&to=${today}`))).toHaveLength(2);
    expect(await exported('?to=2020-01-01')).toEqual([]);
    expectError(await c.call(admin, 'GET', '/api/admin/orders/export.csv?state=lost'), 400);
    expectError(await c.call(admin, 'GET', '/api/admin/orders/export.csv?from=yesterday'), 400);
  });

  it('is for admins only: 401 without a token, 403 for a customer', async () => {
    expectError(await c.call(null, 'GET', '/api/admin/orders/export.csv'), 401);
    expectError(await c.call(alice, 'GET', '/api/admin/orders/export.csv'), 403);
  });
});
