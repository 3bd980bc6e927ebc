// Issue 17 #4 and #5: quick order puts lines of `part number, quantity` into the cart, in any
// spelling and any separator a spreadsheet uses, refusing the rest with reasons; reorder puts a
// past order's lines back in the cart at today's prices, saying what changed.
import { checkoutReply, quickOrderReply, reorderReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  type TestApp,
} from '../../../test/security/support.ts';
import { parts } from '../catalog/catalog.table.ts';
import { parseQuickOrder } from './quick-order.ts';

let t: TestApp;
let alice: Customer;
let bob: Customer;
let pads: string;
let filter: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  pads = await addPart(t, {
    name: 'Brake Pad Set',
    partNumber: 'P 83 140',
    minimumQuantity: 10,
    availableQuantity: 500,
    priceCents: 425,
  });
  filter = await addPart(t, {
    name: 'Oil Filter',
    partNumber: 'W 68/3',
    minimumQuantity: 5,
    availableQuantity: 40,
    priceCents: 1999,
  });
});
afterAll(() => t.close());

const post = (who: Customer | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload: payload as object });

describe('quick order', () => {
  it('reads a part number and a quantity per line, whatever separates them', () => {
    expect(
      parseQuickOrder(
        'partNumber,quantity\nP 83 140, 100\nw68/3\t20\n"P 83 140";5\nW 68 3 10\n\nno quantity\n',
      ),
    ).toEqual({
      lines: [
        { line: 2, text: 'P 83 140, 100', number: 'P 83 140', quantity: 100 },
        { line: 3, text: 'w68/3\t20', number: 'w68/3', quantity: 20 },
        { line: 4, text: '"P 83 140";5', number: 'P 83 140', quantity: 5 },
        { line: 5, text: 'W 68 3 10', number: 'W 68 3', quantity: 10 },
      ],
      refused: [
        { line: 7, text: 'no quantity', reason: 'The quantity must be a whole number from 1' },
      ],
    });
  });

  it('adds the good lines to the cart, merges a part named twice, and says why the others are refused', async () => {
    const res = await post(alice, '/api/cart/quick', {
      text: [
        'P 83 140, 100',
        'p-83-140, 20',
        'W 68/3, 2',
        'W68/3, 500',
        'X-404, 5',
        '=HYPERLINK("http://evil.test"), 5',
        'P 83 140, -3',
      ].join('\n'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = quickOrderReply.parse(res.json());
    expect(reply.added).toEqual([
      {
        line: 1,
        partId: pads,
        partNumber: 'P 83 140',
        name: 'Brake Pad Set',
        quantity: 120,
        note: 'Same part as line 2: the quantities were added up',
      },
    ]);
    expect(reply.refused).toEqual([
      // W 68/3 twice (2 + 500) is one line of 502: above the stock of 40.
      {
        line: 3,
        text: 'W 68/3, 2',
        reason: 'Only 40 in stock. Same part as line 4: the quantities were added up',
      },
      { line: 5, text: 'X-404, 5', reason: 'No part with number X-404' },
      {
        line: 6,
        text: '=HYPERLINK("http://evil.test"), 5',
        reason: 'No part with number =HYPERLINK("http://evil.test")',
      },
      { line: 7, text: 'P 83 140, -3', reason: 'The quantity must be a whole number from 1' },
    ]);
    expect(reply.cart.lines.map((l) => [l.part._id, l.quantity])).toEqual([[pads, 120]]);
  });

  it('adds to what the cart holds, and refuses text beyond its bounds or without a token', async () => {
    await post(alice, '/api/cart/quick', { text: 'W 68/3, 5' });
    const again = quickOrderReply.parse(
      (await post(alice, '/api/cart/quick', { text: 'W 68/3, 5' })).json(),
    );
    expect(again.cart.lines.find((l) => l.part._id === filter)?.quantity).toBe(10);
    const before = await snapshot(t.db);
    expectError(await post(alice, '/api/cart/quick', { text: 'P 83 140, 10\n'.repeat(501) }), 400);
    expectError(await post(alice, '/api/cart/quick', { text: 'x'.repeat(20_001) }), 400);
    expectError(await post(alice, '/api/cart/quick', { text: 5 }), 400);
    expectError(await post(null, '/api/cart/quick', { text: 'P 83 140, 10' }), 401);
    await expectUnchanged(t.db, before);
  });
});

describe('reorder', () => {
  it("puts an order's lines in the cart at today's prices and says what changed", async () => {
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: alice.headers });
    await post(alice, '/api/cart/quick', { text: 'P 83 140, 100\nW 68/3, 10' });
    const placed = checkoutReply.parse(
      (
        await post(alice, '/api/checkout', {
          address: { line1: '1 Road', city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
          tel: '017',
        })
      ).json(),
    );
    await t.db.update(parts).set({ priceCents: 450 }).where(eq(parts.id, pads));
    await t.db.update(parts).set({ availableQuantity: 6 }).where(eq(parts.id, filter));
    const res = await post(alice, `/api/orders/${placed.insertedId}/reorder`, {});
    expect(res.statusCode, res.body).toBe(200);
    const reply = reorderReply.parse(res.json());
    expect(reply.changes).toEqual([
      {
        partNumber: 'P 83 140',
        name: 'Brake Pad Set',
        message: 'The price was $4.25, it is $4.50 now',
      },
      { partNumber: 'W 68/3', name: 'Oil Filter', message: 'Only 6 in stock' },
    ]);
    expect(reply.cart.lines.map((l) => [l.part._id, l.quantity, l.unitPrice])).toEqual([
      [pads, 100, 4.5],
      [filter, 10, 19.99],
    ]);
    expect(reply.cart.orderable).toBe(false);
    // Another customer's order cannot be reordered.
    const before = await snapshot(t.db);
    expectError(await post(bob, `/api/orders/${placed.insertedId}/reorder`, {}), 403);
    expectError(await post(bob, `/api/orders/${crypto.randomUUID()}/reorder`, {}), 404);
    await expectUnchanged(t.db, before);
  });
});
