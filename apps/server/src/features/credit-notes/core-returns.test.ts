// Issue 32 #4: core charges. An exchange part's deposit is charged with every unit (cart, order,
// invoice), and an admin records the old parts received: never more than were charged, each
// return a credit note with its own gap-free number, refunded to the card once through the
// payment provider or credited to the company's account, the PDF for the order's owner and the
// admins only.
import {
  adminCompanyDetail,
  cartReply,
  type Order,
  order as orderSchema,
  part,
} from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompanyCalls, companyCalls } from '../../../test/companies.ts';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  NO_ID,
  payInSandbox,
  placeOrder,
  type TestApp,
} from '../../../test/security/support.ts';
import { sandboxRefunds } from '../../adapters/payments/sandbox.table.ts';
import { createSandboxProvider } from '../../adapters/payments/sandbox-provider.ts';
import { refundCreditNote } from '../payments/payments.service.ts';
import { creditNoteCounter, creditNotes } from './credit-notes.table.ts';

let t: TestApp;
let c: CompanyCalls;
let admin: Customer;
let alice: Customer;
let bob: Customer;
/** $120.00 a starter, with a $45.00 core charge; a plain filter without one. */
let starter: string;
let filter: string;

const order = async (who: Customer, id: string) =>
  orderSchema.parse(await c.ok(who, 'GET', `/api/orderid/${id}`));
const coreReturn = (who: Customer, orderId: string, body: unknown) =>
  c.call(who, 'POST', `/api/admin/orders/${orderId}/core-returns`, body);
const lastNumber = async () => (await t.db.select().from(creditNoteCounter))[0]?.last ?? -1;
const refundsOf = async (transaction: string) =>
  t.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.intentId, transaction));

/** A card-paid checkout of these lines for `who`; the paid order. */
async function paidCheckout(who: Customer, lines: Record<string, number>): Promise<Order> {
  await c.call(who, 'DELETE', '/api/cart');
  for (const [partId, quantity] of Object.entries(lines))
    await c.ok(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  const placed = (
    await c.ok(
      who,
      'POST',
      '/api/checkout',
      {
        address: {
          line1: '12 Dock Road',
          city: 'Dhaka',
          postalCode: '1212',
          country: 'Bangladesh',
        },
        tel: '017',
      },
      201,
    )
  ).order as Order;
  const transaction = await payInSandbox(t, who, placed._id);
  await c.ok(who, 'PUT', `/api/order/${placed._id}`, { transaction });
  return order(who, placed._id);
}

beforeAll(async () => {
  t = await createSecurityTestApp();
  c = companyCalls(t);
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  starter = await addPart(t, {
    name: 'Starter Motor 1.4 kW',
    partNumber: 'CORE-STARTER',
    priceCents: 12_000,
    minimumQuantity: 1,
    availableQuantity: 100,
    coreChargeCents: 4_500,
  });
  filter = await addPart(t, {
    name: 'Oil Filter',
    partNumber: 'CORE-FILTER',
    priceCents: 1_000,
    minimumQuantity: 1,
    availableQuantity: 100,
  });
});
afterAll(() => t.close());

describe('a part with a core charge', () => {
  it('says so, and an admin sets or clears it with the part', async () => {
    const shown = part.parse(await c.ok(alice, 'GET', `/api/item/${starter}`));
    expect(shown).toMatchObject({ coreCharge: 45, coreReturnDays: 30 });
    expect(part.parse(await c.ok(alice, 'GET', `/api/item/${filter}`)).coreCharge).toBeNull();

    const body = {
      name: 'Brake Caliper, front left',
      description: 'Remanufactured, exchange',
      img: null,
      availableQuantity: 20,
      minimumQuantity: 1,
      price: 89.5,
      coreCharge: 60.25,
      coreReturnDays: 45,
    };
    const added = await c.ok(admin, 'POST', '/api/items', body, 201);
    const caliper = part.parse(await c.ok(admin, 'GET', `/api/item/${added.insertedId}`));
    expect(caliper).toMatchObject({ coreCharge: 60.25, coreReturnDays: 45 });
    const edit = (changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/item/${caliper._id}`,
        headers: { ...admin.headers, 'if-match': `"${caliper.version}"` },
        payload: { ...body, ...changes },
      });
    for (const bad of [
      { coreCharge: 0 },
      { coreCharge: 10.001 },
      { coreReturnDays: 0 },
      { coreReturnDays: 400 },
    ])
      expectError(await edit(bad), 400);
    const cleared = await edit({ coreCharge: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(part.parse(cleared.json())).toMatchObject({ coreCharge: null, coreReturnDays: 45 });
    // A customer cannot give a part a core charge.
    expectError(await c.call(alice, 'POST', '/api/items', body), 403);
  });

  it('adds its deposit to the cart: per line and in the total', async () => {
    await c.call(alice, 'DELETE', '/api/cart');
    const changed = await c.ok(alice, 'PUT', `/api/cart/lines/${starter}`, { quantity: 3 });
    expect(changed.line.core).toEqual({ charge: 45, deposit: 135 });
    expect(changed).toMatchObject({ total: 495, deposits: 135 });
    await c.ok(alice, 'PUT', `/api/cart/lines/${filter}`, { quantity: 2 });
    const cart = cartReply.parse(await c.ok(alice, 'GET', '/api/cart'));
    expect(cart.lines.map((line) => line.core ?? null)).toEqual([
      { charge: 45, deposit: 135 },
      null,
    ]);
    expect(cart).toMatchObject({ total: 515, deposits: 135 });
  });

  it('charges the deposit with the order (checkout and the purchase form), and the invoice lists it', async () => {
    const paid = await paidCheckout(alice, { [starter]: 3, [filter]: 2 });
    expect(paid).toMatchObject({ total: 515, deposits: 135, credited: 0, creditNotes: [] });
    const paidOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(paid.lines[0]?.core).toEqual({
      charge: 45,
      deposit: 135,
      returned: 0,
      owed: 3,
      returnDays: 30,
      dueBy: paidOn,
    });
    expect(paid.lines[1]?.core).toBeUndefined();
    const invoice = await c.call(alice, 'GET', `/api/orders/${paid._id}/invoice.pdf`);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const single = await placeOrder(t, bob, starter, 2);
    expect(await order(bob, single)).toMatchObject({ total: 330, deposits: 90 });
    // Unpaid, its deposit is owed by no date yet.
    expect((await order(bob, single)).lines[0]?.core).toMatchObject({ owed: 2, dueBy: null });
  });

  it('puts a core part past the order maximum as any other: the deposit counts', async () => {
    const maxed = await addPart(t, {
      partNumber: 'CORE-BIG',
      priceCents: 500_000,
      coreChargeCents: 500_000,
      minimumQuantity: 1,
      availableQuantity: 1000,
    });
    // 100 units are $500,000 of parts but $1,000,000 with their deposits: above an order's limit.
    const res = await c.call(bob, 'POST', '/api/order', {
      partsId: maxed,
      quantity: 100,
      tel: '017',
      country: 'Bangladesh',
      city: 'Dhaka',
      address: '1 Road',
    });
    expectError(res, 400);
  });
});

describe('recording cores returned', () => {
  let paid: Order;
  let transaction: string;

  beforeAll(async () => {
    paid = await paidCheckout(alice, { [starter]: 3, [filter]: 1 });
    transaction = paid.transaction ?? '';
  });

  it('refuses customers, unknown orders, other parts and bad bodies, changing nothing', async () => {
    const before = await lastNumber();
    expectError(await coreReturn(alice, paid._id, { partId: starter, quantity: 1 }), 403);
    expectError(await coreReturn(bob, paid._id, { partId: starter, quantity: 1 }), 403);
    expectError(await c.call(null, 'POST', `/api/admin/orders/${paid._id}/core-returns`, {}), 401);
    expectError(await coreReturn(admin, NO_ID, { partId: starter, quantity: 1 }), 404);
    expectError(await coreReturn(admin, paid._id, { partId: filter, quantity: 1 }), 400);
    expectError(await coreReturn(admin, paid._id, { partId: starter, quantity: 0 }), 400);
    expectError(await coreReturn(admin, paid._id, { partId: starter, quantity: 1.5 }), 400);
    expectError(
      await coreReturn(admin, paid._id, { partId: starter, quantity: 1, amount: 999 }),
      400,
    );
    const unpaid = await placeOrder(t, bob, starter, 1);
    expectError(await coreReturn(admin, unpaid, { partId: starter, quantity: 1 }), 409);
    expect(await lastNumber()).toBe(before);
    expect(await order(alice, paid._id)).toMatchObject({ credited: 0, creditNotes: [] });
    expect(await refundsOf(transaction)).toEqual([]);
  });

  it('issues a credit note and refunds the deposit to the card once', async () => {
    const before = await lastNumber();
    const res = await coreReturn(admin, paid._id, { partId: starter, quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const returned = orderSchema.parse(res.json());
    expect(returned.credited).toBe(90);
    expect(returned.lines[0]?.core).toMatchObject({ returned: 2, owed: 1 });
    const number = `CN-${String(before + 1).padStart(6, '0')}`;
    expect(returned.creditNotes).toEqual([
      expect.objectContaining({
        number,
        partId: starter,
        partNumber: 'CORE-STARTER',
        quantity: 2,
        amount: 90,
        refundedTo: 'card',
      }),
    ]);
    // The queue refunded it through the provider just after (the test drains it after each call).
    const [refund, ...more] = await refundsOf(transaction);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({
      amountCents: 9_000,
      idempotencyKey: `credit-note-${before + 1}`,
    });
    expect((await order(alice, paid._id)).creditNotes[0]?.refundedAt).not.toBeNull();
    // The customer hears of it; the admin's action is in the audit log.
    expect(t.mail.some((m) => m.to === alice.email && m.subject.includes(number))).toBe(true);
    const log = await c.ok(admin, 'GET', '/api/admin/audit-log?limit=5');
    expect(JSON.stringify(log)).toContain(number);

    // The job run again (a retry after a crash) refunds nothing more.
    const provider = createSandboxProvider(t.db);
    await refundCreditNote({ db: t.db, provider }, before + 1);
    await t.db
      .update(creditNotes)
      .set({ refundId: null })
      .where(eq(creditNotes.number, before + 1));
    await refundCreditNote({ db: t.db, provider }, before + 1);
    expect(await refundsOf(transaction)).toHaveLength(1);
  });

  it('never counts back more cores than were charged, and says how many are left', async () => {
    const before = await lastNumber();
    const res = await coreReturn(admin, paid._id, { partId: starter, quantity: 2 });
    expectError(res, 409);
    expect(res.json().error.message).toBe('At most 1 core is still owed for this part');
    expect(await lastNumber()).toBe(before);
    expect(
      (
        await c.call(admin, 'POST', `/api/admin/orders/${paid._id}/core-returns`, {
          partId: starter,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await coreReturn(admin, paid._id, { partId: starter, quantity: 1 })).json().error.message,
    ).toBe('Every core charged for this part has been returned already');
    const done = await order(alice, paid._id);
    expect(done).toMatchObject({ credited: 135 });
    expect(done.lines[0]?.core).toMatchObject({ returned: 3, owed: 0 });
    expect(done.creditNotes.map((note) => note.quantity)).toEqual([2, 1]);
    const refunds = await refundsOf(transaction);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(13_500);
  });

  it('numbers credit notes without gaps when returns are recorded at once, and never over-returns', async () => {
    const another = await paidCheckout(bob, { [starter]: 4 });
    const before = await lastNumber();
    const replies = await Promise.all(
      Array.from({ length: 7 }, () =>
        coreReturn(admin, another._id, { partId: starter, quantity: 1 }),
      ),
    );
    const statuses = replies.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409, 409]);
    const notes = await t.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.orderId, another._id))
      .orderBy(creditNotes.number);
    expect(notes.map((note) => note.number)).toEqual([1, 2, 3, 4].map((n) => before + n));
    expect(await lastNumber()).toBe(before + 4);
    expect(await order(bob, another._id)).toMatchObject({ credited: 180 });
    expect(await refundsOf(another.transaction ?? '')).toHaveLength(4);
  });

  it('answers a retried return (same Idempotency-Key) with the first credit note, not a second', async () => {
    const retried = await paidCheckout(bob, { [starter]: 2 });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${retried._id}/core-returns`,
        headers: { ...admin.headers, 'idempotency-key': `core-${retried._id}` },
        payload: { partId: starter, quantity: 1 },
      });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().creditNotes).toEqual(first.json().creditNotes);
    expect((await order(bob, retried._id)).lines[0]?.core).toMatchObject({ returned: 1, owed: 1 });
    expect(await refundsOf(retried.transaction ?? '')).toHaveLength(1);
  });

  it("gives the credit note's PDF to the order's owner and the admins only", async () => {
    const [note] = (await order(alice, paid._id)).creditNotes;
    const url = `/api/orders/${paid._id}/credit-notes/${note?.number}.pdf`;
    for (const who of [alice, admin]) {
      const res = await c.call(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expectError(await c.call(bob, 'GET', url), 403);
    expectError(await c.call(null, 'GET', url), 401);
    expectError(
      await c.call(alice, 'GET', `/api/orders/${paid._id}/credit-notes/CN-999999.pdf`),
      404,
    );
    // Beyond the numbers the shop can have (found by the fuzz test: it was a 500).
    expectError(
      await c.call(alice, 'GET', `/api/orders/${paid._id}/credit-notes/CN-4000000000.pdf`),
      404,
    );
    expectError(await c.call(alice, 'GET', `/api/orders/${paid._id}/credit-notes/INV-1.pdf`), 400);
  });
});

describe('cores of an order paid on account', () => {
  it("credits the company's account, and settling the invoice counts only the rest", async () => {
    const owner = await signUp(t.app, 'fleet-owner');
    const company = (await c.createCompany(owner, 'Core Fleet Ltd'))._id;
    await c.ok(admin, 'PUT', `/api/admin/companies/${company}/account`, {
      onAccount: true,
      creditLimit: 10_000,
      termsDays: 30,
    });
    const creditUsed = async () =>
      adminCompanyDetail.parse(await c.ok(admin, 'GET', `/api/admin/companies/${company}`)).account
        .creditUsed;
    const placed = await c.checkout(owner, starter, 2, 'account');
    expect(placed).toMatchObject({ paid: true, onAccount: true, total: 330, deposits: 90 });
    expect(await creditUsed()).toBe(330);

    const returned = orderSchema.parse(
      (await coreReturn(admin, placed._id, { partId: starter, quantity: 1 })).json(),
    );
    expect(returned.creditNotes[0]).toMatchObject({ refundedTo: 'account', amount: 45 });
    expect(await creditUsed()).toBe(285);
    // No card refund: nothing was paid by card.
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed._id));
    expect(note).toMatchObject({ refundedTo: 'account', refundId: null, refundedAt: null });

    await c.ok(admin, 'POST', `/api/admin/orders/${placed._id}/settle`, { reference: 'BANK-1' });
    expect(await creditUsed()).toBe(0);
  });
});
