// Issue 17 #1, the cart on the server: a customer's own lines, priced by the server from the parts
// as they are now, each saying what keeps it from being ordered as it is; another customer's cart
// is out of reach; the input is checked and a refused call changes nothing.
import { CART_LINES_MAX, type CartReply, cartLineChange, cartReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { addPart } from '../../../test/security/support.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.table.ts';
import { parts } from '../catalog/catalog.table.ts';
import { cartSizes } from './cart.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let pads: string;
let filter: string;

beforeAll(async () => {
  t = await createTestApp();
  pads = await addPart(t, { availableQuantity: 500, minimumQuantity: 100, priceCents: 425 });
  filter = await addPart(t, {
    name: 'Oil Filter',
    availableQuantity: 40,
    minimumQuantity: 10,
    priceCents: 1999,
  });
});
afterAll(() => t.close());

const call = (
  who: Customer | null,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function cartOf(who: Customer): Promise<CartReply> {
  const res = await call(who, 'GET', '/api/cart');
  expect(res.statusCode, res.body).toBe(200);
  return cartReply.parse(res.json());
}
/**
 * Sets a line; answers the cart as it then reads whole, after checking that the PUT's own answer
 * (the line and the totals, issue 31 #3) says the same.
 */
async function put(who: Customer, partId: string, quantity: number): Promise<CartReply> {
  const res = await call(who, 'PUT', `/api/cart/lines/${partId}`, { quantity });
  expect(res.statusCode, res.body).toBe(200);
  const change = cartLineChange.parse(res.json());
  const cart = await cartOf(who);
  expect(change).toEqual({
    line: cart.lines.find((line) => line.part._id === partId),
    total: cart.total,
    deposits: cart.deposits,
    orderable: cart.orderable,
    count: cart.lines.length,
  });
  return cart;
}
const codes = (cart: CartReply) => cart.lines.map((line) => line.problems.map((p) => p.code));

describe('the cart', () => {
  it('needs a token for every call, checked before the input', async () => {
    for (const [method, url] of [
      ['GET', '/api/cart'],
      ['PUT', `/api/cart/lines/${pads}`],
      ['PUT', '/api/cart/lines/nonsense'],
      ['DELETE', `/api/cart/lines/${pads}`],
      ['DELETE', '/api/cart'],
    ] as const) {
      const res = await call(null, method, url, method === 'PUT' ? { quantity: -1 } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps lines in the order they were added, priced by the server, and changes a quantity in place', async () => {
    const ada = await signUp(t.app, 'cart');
    expect(await cartOf(ada)).toEqual({ lines: [], total: 0, deposits: 0, orderable: false });
    await put(ada, filter, 10);
    let cart = await put(ada, pads, 200);
    expect(cart.lines.map((line) => [line.part._id, line.quantity])).toEqual([
      [filter, 10],
      [pads, 200],
    ]);
    expect(cart.lines.map((line) => [line.unitPrice, line.lineTotal])).toEqual([
      [19.99, 199.9],
      [4.25, 850],
    ]);
    expect(cart.total).toBe(1049.9);
    expect(cart.orderable).toBe(true);

    cart = await put(ada, pads, 300);
    expect(cart.lines.map((line) => line.quantity)).toEqual([10, 300]);
    expect(cart.total).toBe(1474.9);

    // The price is read when the cart is: an admin's new price shows at once.
    await t.db.update(parts).set({ priceCents: 500 }).where(eq(parts.id, pads));
    expect((await cartOf(ada)).total).toBe(1699.9);
    await t.db.update(parts).set({ priceCents: 425 }).where(eq(parts.id, pads));
  });

  it('says which lines cannot be ordered as they are: below the minimum, above the stock, sold out', async () => {
    const ben = await signUp(t.app, 'cart');
    let cart = await put(ben, pads, 50);
    expect(codes(cart)).toEqual([['below_minimum']]);
    expect(cart.lines[0]?.problems[0]?.message).toBe('The minimum order for this part is 100');
    expect(cart.orderable).toBe(false);
    cart = await put(ben, pads, 600);
    expect(codes(cart)).toEqual([['above_stock']]);
    expect(cart.lines[0]?.problems[0]?.message).toBe('Only 500 in stock');
    const soldOut = await addPart(t, { availableQuantity: 0, minimumQuantity: 1 });
    cart = await put(ben, soldOut, 1);
    expect(codes(cart)).toEqual([['above_stock'], ['out_of_stock']]);
    cart = await put(ben, pads, 100);
    expect(codes(cart)).toEqual([[], ['out_of_stock']]);
    expect(cart.orderable).toBe(false);
  });

  it('takes a line out, empties the cart, and forgets parts that are removed from the catalogue', async () => {
    const cy = await signUp(t.app, 'cart');
    await put(cy, pads, 100);
    await put(cy, filter, 10);
    let res = await call(cy, 'DELETE', `/api/cart/lines/${pads}`);
    expect(res.statusCode).toBe(200);
    expect(cartReply.parse(res.json()).lines.map((line) => line.part._id)).toEqual([filter]);
    // Taking out a part that is not there is no error.
    res = await call(cy, 'DELETE', `/api/cart/lines/${pads}`);
    expect(res.statusCode).toBe(200);

    const gone = await addPart(t, { minimumQuantity: 1 });
    await put(cy, gone, 1);
    await t.db.delete(parts).where(eq(parts.id, gone));
    expect((await cartOf(cy)).lines.map((line) => line.part._id)).toEqual([filter]);

    res = await call(cy, 'DELETE', '/api/cart');
    expect(res.statusCode).toBe(200);
    expect(cartReply.parse(res.json())).toEqual({
      lines: [],
      total: 0,
      deposits: 0,
      orderable: false,
    });
  });

  it("keeps each customer's cart their own", async () => {
    const dee = await signUp(t.app, 'cart');
    const eve = await signUp(t.app, 'cart');
    await put(dee, pads, 100);
    expect((await cartOf(eve)).lines).toEqual([]);
    // Eve's calls act on Eve's cart only: Dee's line stays.
    await call(eve, 'DELETE', `/api/cart/lines/${pads}`);
    await call(eve, 'DELETE', '/api/cart');
    expect((await cartOf(dee)).lines.map((line) => line.quantity)).toEqual([100]);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const fay = await signUp(t.app, 'cart');
    await put(fay, pads, 100);
    const before = await cartOf(fay);
    for (const [url, payload, status] of [
      [`/api/cart/lines/${pads}`, { quantity: 0 }, 400],
      [`/api/cart/lines/${pads}`, { quantity: 1.5 }, 400],
      [`/api/cart/lines/${pads}`, { quantity: '100' }, 400],
      [`/api/cart/lines/${pads}`, { quantity: 1_000_001 }, 400],
      [`/api/cart/lines/${pads}`, { quantity: 100, price: 0.01 }, 400],
      ['/api/cart/lines/not-a-part', { quantity: 100 }, 400],
      ['/api/cart/lines/00000000-0000-4000-8000-000000000000', { quantity: 100 }, 404],
    ] as const) {
      const res = await call(fay, 'PUT', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().error.message, res.body).toEqual(expect.any(String));
    }
    expect(await cartOf(fay)).toEqual(before);
  });

  it(`holds at most ${CART_LINES_MAX} different parts, also when they are added at once`, async () => {
    const gus = await signUp(t.app, 'cart');
    const many = await t.db
      .insert(parts)
      .values(
        Array.from({ length: CART_LINES_MAX + 3 }, (_, i) => ({
          name: `Cart filler ${i}`,
          description: 'One of many',
          availableQuantity: 10,
          minimumQuantity: 1,
          priceCents: 100,
        })),
      )
      .returning({ id: parts.id });
    for (const { id } of many.slice(0, CART_LINES_MAX - 2)) await put(gus, id, 1);
    const replies = await Promise.all(
      many
        .slice(CART_LINES_MAX - 2)
        .map(({ id }) => call(gus, 'PUT', `/api/cart/lines/${id}`, { quantity: 1 })),
    );
    expect(replies.map((res) => res.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    expect((await cartOf(gus)).lines).toHaveLength(CART_LINES_MAX);
    // A line already there can still change.
    const first = many[0]?.id ?? '';
    expect((await put(gus, first, 5)).lines[0]?.quantity).toBe(5);
    // The count the cap is checked against follows every way lines go: taken out, their part
    // deleted, the cart emptied; then a full cart can be filled again.
    const [account] = await t.db.select().from(users).where(eq(users.email, gus.email));
    const size = async () =>
      (
        await t.db
          .select()
          .from(cartSizes)
          .where(eq(cartSizes.userId, account?.id ?? ''))
      )[0]?.lines;
    expect(await size()).toBe(CART_LINES_MAX);
    expect((await call(gus, 'DELETE', `/api/cart/lines/${first}`)).statusCode).toBe(200);
    await t.db.delete(parts).where(eq(parts.id, many[1]?.id ?? ''));
    expect(await size()).toBe(CART_LINES_MAX - 2);
    const again = many.slice(CART_LINES_MAX - 2).map(({ id }) => ({ partId: id, quantity: 1 }));
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      headers: gus.headers,
      payload: { lines: again },
    });
    expect(merged.statusCode, merged.body).toBe(409);
    expect(await size()).toBe(CART_LINES_MAX - 2);
    expect((await call(gus, 'DELETE', '/api/cart')).statusCode).toBe(200);
    expect(await size()).toBe(0);
    for (const { id } of many.slice(2, CART_LINES_MAX + 2)) await put(gus, id, 1);
    expect(await size()).toBe(CART_LINES_MAX);
  });
});

describe('adding to the cart and merging a visitor’s cart', () => {
  const post = (who: Customer, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload: payload as object });

  it('adds a quantity to what the cart holds of a part ("Add to cart")', async () => {
    const ida = await signUp(t.app, 'cart');
    let res = await post(ida, '/api/cart/lines', { partId: pads, quantity: 100 });
    expect(res.statusCode, res.body).toBe(200);
    res = await post(ida, '/api/cart/lines', { partId: pads, quantity: 100 });
    let change = cartLineChange.parse(res.json());
    expect([change.line.part._id, change.line.quantity, change.line.lineTotal]).toEqual([
      pads,
      200,
      850,
    ]);
    expect([change.total, change.orderable, change.count]).toEqual([850, true, 1]);
    // The totals are the cart's: a second part's line answers with both lines added up.
    res = await post(ida, '/api/cart/lines', { partId: filter, quantity: 5 });
    change = cartLineChange.parse(res.json());
    expect([change.line.lineTotal, change.total, change.orderable, change.count]).toEqual([
      99.95,
      949.95,
      false,
      2,
    ]);
    expect(change.line.problems.map((problem) => problem.code)).toEqual(['below_minimum']);
    expect((await cartOf(ida)).lines.map((l) => [l.part._id, l.quantity])).toEqual([
      [pads, 200],
      [filter, 5],
    ]);
    expect(
      (await post(ida, '/api/cart/lines', { partId: crypto.randomUUID(), quantity: 1 })).statusCode,
    ).toBe(404);
    expect((await post(ida, '/api/cart/lines', { partId: pads, quantity: 0 })).statusCode).toBe(
      400,
    );
  });

  it('joins a visitor’s lines to the account’s at sign-in, the larger quantity kept, unknown parts left out', async () => {
    const jon = await signUp(t.app, 'cart');
    await put(jon, pads, 300);
    const res = await post(jon, '/api/cart/merge', {
      lines: [
        { partId: pads, quantity: 100 },
        { partId: filter, quantity: 20 },
        { partId: crypto.randomUUID(), quantity: 5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cartReply.parse(res.json()).lines.map((l) => [l.part._id, l.quantity])).toEqual([
      [pads, 300],
      [filter, 20],
    ]);
  });
});
