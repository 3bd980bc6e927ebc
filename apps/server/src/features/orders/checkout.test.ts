// Issue 17 #2, #6, #7, #8: checkout turns the cart into one order of many lines, priced by the
// server (volume tiers included), all or nothing; paying it issues an invoice numbered without
// gaps, mailed and downloadable by its owner and the admins; every step is mailed.
import {
  type CheckoutBody,
  checkoutReply,
  type Order,
  order as orderSchema,
  unitPriceFor,
} from '@axle/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { changedSince, expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  payInSandbox,
  type TestApp,
} from '../../../test/security/support.ts';
import { partPriceTiers, parts } from '../catalog/catalog.table.ts';
import { orderLines, orders } from './orders.table.ts';

let t: TestApp;
let alice: Customer;
let bob: Customer;
let admin: Customer;
let pads: string;
let filter: string;
let plugs: string;

const shipTo = {
  line1: '12 Dock Road',
  line2: 'Unit 4',
  city: 'Chattogram',
  postalCode: '4100',
  country: 'Bangladesh',
};

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  admin = await signInAdmin(t.app, t.db);
  pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
  filter = await addPart(t, {
    name: 'Oil Filter',
    availableQuantity: 300,
    minimumQuantity: 5,
    priceCents: 1999,
  });
  plugs = await addPart(t, { name: 'Spark Plug', minimumQuantity: 4, priceCents: 800 });
  // From 50 pads, each costs $3.90; from 200, $3.50.
  await t.db.insert(partPriceTiers).values([
    { partId: pads, minQuantity: 50, priceCents: 390 },
    { partId: pads, minQuantity: 200, priceCents: 350 },
  ]);
});
afterAll(() => t.close());

const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function fill(who: Customer, lines: [string, number][]) {
  await call(who, 'DELETE', '/api/cart');
  for (const [partId, quantity] of lines) {
    const res = await call(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function checkout(who: Customer, body: Partial<CheckoutBody> = {}): Promise<Order> {
  const res = await call(who, 'POST', '/api/checkout', { address: shipTo, tel: '017', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return checkoutReply.parse(res.json()).order;
}

const stockOf = async (id: string) =>
  (await t.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const mailTo = (who: Customer, subject: RegExp) =>
  t.mail.filter((m) => m.to === who.email && subject.test(m.subject));

describe('volume prices', () => {
  it('are shown with the part and applied by the cart at the tier a quantity reaches', async () => {
    const item = await call(null, 'GET', `/api/item/${pads}`);
    expect(item.json().priceTiers).toEqual([
      { minQuantity: 50, price: 3.9 },
      { minQuantity: 200, price: 3.5 },
    ]);
    await fill(alice, [[pads, 49]]);
    let cart = (await call(alice, 'GET', '/api/cart')).json();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 4.25, lineTotal: 208.25 });
    await fill(alice, [[pads, 50]]);
    cart = (await call(alice, 'GET', '/api/cart')).json();
    expect(cart.lines[0]).toMatchObject({ unitPrice: 3.9, lineTotal: 195 });
    await fill(alice, [[pads, 250]]);
    cart = (await call(alice, 'GET', '/api/cart')).json();
    expect(cart).toMatchObject({ total: 875, lines: [{ unitPrice: 3.5 }] });
  });

  it("are never dearer than the part's own price, whatever an old tier says", async () => {
    const part = { price: 3, priceTiers: [{ minQuantity: 50, price: 3.9 }] };
    expect(unitPriceFor(part, 60)).toBe(3);
    expect(unitPriceFor({ price: 4.25, priceTiers: [] }, 1000)).toBe(4.25);
  });

  it('are charged on the purchase form’s one-line order too', async () => {
    const res = await call(alice, 'POST', '/api/order', {
      partsId: pads,
      quantity: 200,
      tel: '017',
      country: 'Bangladesh',
      city: 'Dhaka',
      address: '1 Road',
      partsPrice: 0.01,
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = orderSchema.parse(res.json().order);
    expect(placed).toMatchObject({ partsPrice: 3.5, totalPrice: 700, total: 700 });
    expect(placed.lines).toEqual([
      expect.objectContaining({
        partId: pads,
        quantity: 200,
        unitPrice: 3.5,
        listPrice: 4.25,
        total: 700,
      }),
    ]);
  });
});

describe('POST /api/checkout', () => {
  it('makes one order of every line, priced by the server, reserves the stock and empties the cart', async () => {
    const [padsBefore, filterBefore] = [await stockOf(pads), await stockOf(filter)];
    await fill(alice, [
      [pads, 60],
      [filter, 10],
    ]);
    const placed = await checkout(alice, { poNumber: 'PO-7781', note: 'Back door, please' });
    expect(placed).toMatchObject({
      partsId: pads,
      parts: 'Brake Pad Set',
      partsPrice: 3.9,
      quantity: 60,
      total: 433.9,
      totalPrice: 433.9,
      lineCount: 2,
      poNumber: 'PO-7781',
      note: 'Back door, please',
      address: '12 Dock Road\nUnit 4',
      postalCode: '4100',
      city: 'Chattogram',
      country: 'Bangladesh',
      email: alice.email,
      paid: false,
      invoiceNumber: null,
    });
    expect(placed.lines.map((l) => [l.partId, l.quantity, l.unitPrice, l.total])).toEqual([
      [pads, 60, 3.9, 234],
      [filter, 10, 19.99, 199.9],
    ]);
    expect(await stockOf(pads)).toBe((padsBefore ?? 0) - 60);
    expect(await stockOf(filter)).toBe((filterBefore ?? 0) - 10);
    expect((await call(alice, 'GET', '/api/cart')).json().lines).toEqual([]);
    // The order as its owner reads it again, every line included.
    const read = orderSchema.parse((await call(alice, 'GET', `/api/orderid/${placed._id}`)).json());
    expect(read.lines).toEqual(placed.lines);
    // Mailed, with its lines.
    const mail = mailTo(alice, /is placed/).at(-1);
    // Named by its short number, the one My Orders and the payment page show.
    expect(placed.number).toBeGreaterThan(10000);
    expect(mail?.subject).toBe(`Your order ${placed.number} is placed`);
    expect(mail?.text).toContain('Oil Filter');
    expect(mail?.text).toContain('$433.90');
    expect(mail?.text).toContain(`/payment/${placed._id}`);
  });

  it('takes a saved address of the caller only', async () => {
    const saved = (await call(alice, 'POST', '/api/addresses', shipTo)).json();
    await fill(alice, [[plugs, 8]]);
    const placed = await checkout(alice, { address: undefined, addressId: saved._id });
    expect(placed).toMatchObject({ city: 'Chattogram', postalCode: '4100' });
    await fill(bob, [[plugs, 8]]);
    const before = await snapshot(t.db);
    expectError(
      await call(bob, 'POST', '/api/checkout', { addressId: saved._id, tel: '017' }),
      404,
    );
    await expectUnchanged(t.db, before);
  });

  it('refuses an empty cart, a missing or doubled address, and client-side prices', async () => {
    await call(bob, 'DELETE', '/api/cart');
    expectError(await call(bob, 'POST', '/api/checkout', { address: shipTo, tel: '017' }), 400);
    await fill(bob, [[plugs, 8]]);
    for (const body of [
      { tel: '017' },
      { address: shipTo, addressId: crypto.randomUUID(), tel: '017' },
      { address: shipTo, tel: '017', total: 0.01 },
      { address: { ...shipTo, postalCode: '<b>1</b>' }, tel: '017' },
      { address: shipTo, tel: '017', poNumber: 'x'.repeat(41) },
    ]) {
      const before = await snapshot(t.db);
      expectError(await call(bob, 'POST', '/api/checkout', body), 400);
      await expectUnchanged(t.db, before);
    }
  });

  it('reserves nothing when one line no longer fits, and says which', async () => {
    const scarce = await addPart(t, {
      name: 'Scarce Hose',
      availableQuantity: 20,
      minimumQuantity: 10,
    });
    await fill(bob, [
      [plugs, 8],
      [scarce, 15],
    ]);
    // Someone else buys most of the hoses meanwhile.
    await t.db.update(parts).set({ availableQuantity: 12 }).where(eq(parts.id, scarce));
    const before = await snapshot(t.db);
    const res = await call(bob, 'POST', '/api/checkout', { address: shipTo, tel: '017' });
    expectError(res, 409, 'conflict');
    expect(res.json().error.message).toContain('maximum order 12');
    await expectUnchanged(t.db, before);
  });

  it('never oversells under concurrent checkouts', async () => {
    const scarce = await addPart(t, {
      name: 'Last Radiators',
      availableQuantity: 30,
      minimumQuantity: 10,
    });
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(t.app, `rush${i}`)),
    );
    for (const buyer of buyers)
      await fill(buyer, [
        [plugs, 4],
        [scarce, 10],
      ]);
    const replies = await Promise.all(
      buyers.map((buyer) => call(buyer, 'POST', '/api/checkout', { address: shipTo, tel: '017' })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await stockOf(scarce)).toBe(0);
    const placed = await t.db.select().from(orderLines).where(eq(orderLines.partId, scarce));
    expect(placed.reduce((sum, line) => sum + line.quantity, 0)).toBe(30);
  });

  it("keeps one customer's cart and orders from another", async () => {
    await fill(alice, [[plugs, 4]]);
    await fill(bob, [[filter, 5]]);
    const placed = await checkout(bob);
    expect(placed.lines.map((l) => l.partId)).toEqual([filter]);
    expect((await call(alice, 'GET', '/api/cart')).json().lines).toHaveLength(1);
    expectError(await call(alice, 'GET', `/api/orderid/${placed._id}`), 403, 'forbidden');
    expectError(await call(null, 'POST', '/api/checkout', { address: shipTo, tel: '1' }), 401);
  });
});

describe('paying, invoices and mail', () => {
  it('pays the whole total, issues the invoice, mails it and lets its owner and the admins download it', async () => {
    await fill(alice, [
      [pads, 50],
      [plugs, 4],
    ]);
    const placed = await checkout(alice, { poNumber: '<b>PO</b> & "7"' });
    expectError(await call(alice, 'GET', `/api/orders/${placed._id}/invoice.pdf`), 404);
    const intent = await call(alice, 'POST', '/api/create-payment-intent', {
      orderId: placed._id,
    });
    expect(intent.json().amount).toBe(227);
    const transaction = await payInSandbox(t, alice, placed._id);
    const paid = await call(alice, 'PUT', `/api/order/${placed._id}`, { transaction });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = orderSchema.parse(paid.json().order);
    expect(order.invoiceNumber).toMatch(/^INV-\d{6}$/);

    const pdf = await call(alice, 'GET', `/api/orders/${placed._id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(admin, 'GET', `/api/orders/${placed._id}/invoice.pdf`)).statusCode).toBe(
      200,
    );
    expectError(await call(bob, 'GET', `/api/orders/${placed._id}/invoice.pdf`), 403);
    expectError(await call(null, 'GET', `/api/orders/${placed._id}/invoice.pdf`), 401);

    // The payment's mail carries the invoice; a PO number with markup is text in it.
    await vi.waitFor(() => expect(mailTo(alice, /Payment received/)).toHaveLength(1));
    const [mail] = mailTo(alice, /Payment received/);
    expect(mail?.attachments?.[0]).toMatchObject({
      filename: `${order.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    expect(mail?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mail?.text).toContain('Your PO number: <b>PO</b> & "7"');
    expect(mail?.html).toContain('Your PO number: &lt;b&gt;PO&lt;/b&gt; &amp; &quot;7&quot;');
    expect(mail?.html).not.toContain('<b>PO</b>');
  });

  it('numbers invoices without a gap, also when orders are paid at the same time', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(t.app, `payer${i}`)),
    );
    const placed: string[] = [];
    for (const buyer of buyers) {
      await fill(buyer, [[filter, 5]]);
      placed.push((await checkout(buyer))._id);
    }
    await Promise.all(
      buyers.map(async (buyer, i) => {
        const id = placed[i] ?? '';
        const transaction = await payInSandbox(t, buyer, id);
        await call(buyer, 'PUT', `/api/order/${id}`, { transaction });
      }),
    );
    const rows = await t.db
      .select({ n: orders.invoiceNumber })
      .from(orders)
      .where(eq(orders.paid, true));
    const numbers = rows.map((row) => row.n ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const mine = await t.db
      .select({ n: orders.invoiceNumber })
      .from(orders)
      .where(inArray(orders.id, placed));
    expect(mine.every((row) => row.n !== null)).toBe(true);
  });

  it('mails the shipping with its tracking number, and a cancellation, whose every line goes back in stock', async () => {
    await fill(alice, [[filter, 5]]);
    const placed = await checkout(alice);
    const transaction = await payInSandbox(t, alice, placed._id);
    await call(alice, 'PUT', `/api/order/${placed._id}`, { transaction });
    const shipped = await call(admin, 'PUT', `/api/manageorders/${placed._id}`, {
      trackingNumber: 'DHL 1234-5678',
    });
    expect(shipped.json()).toMatchObject({
      modifiedCount: 1,
      order: { shipped: true, trackingNumber: 'DHL 1234-5678' },
    });
    expect(mailTo(alice, /has shipped/).at(-1)?.text).toContain('DHL 1234-5678');
    expectError(
      await call(admin, 'PUT', `/api/manageorders/${placed._id}`, { trackingNumber: '<x>' }),
      400,
    );

    const stock = [await stockOf(pads), await stockOf(plugs)];
    await fill(alice, [
      [pads, 60],
      [plugs, 8],
    ]);
    const other = await checkout(alice);
    const before = await snapshot(t.db);
    expect((await call(alice, 'DELETE', `/api/order/${other._id}`)).json().deletedCount).toBe(1);
    expect([await stockOf(pads), await stockOf(plugs)]).toEqual(stock);
    const changed = await changedSince(t.db, before);
    expect(changed.orders?.added).toHaveLength(1);
    expect(changed.orders?.added?.[0]).toMatchObject({ id: other._id });
    expect(changed.orders?.added?.[0]?.cancelledAt).not.toBeNull();
    expect(changed.order_lines).toBeUndefined();
    expect(mailTo(alice, /is cancelled/).at(-1)?.text).toContain('You cancelled it.');
  });
});
