// The cart page (issue 17 #1): a visitor's cart kept in the browser and priced from the catalogue
// with the server's volume-price rule; a signed-in customer's from the server; lines that cannot
// be ordered say why, and checking out asks a visitor to sign in first. Each line says when its
// quantity would ship, or how it is split between warehouses (issue 32 #2), and how many of it
// are backordered for a part that takes backorders (issue 32 #3). An exchange part's line says
// its core deposit, and the total holds the deposits, a row of their own (issue 32 #4).
import type { CartReply, PartDetail } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { CHATTOGRAM, DHAKA } from '../../warehouses/test-fixtures.ts';
import { VISITOR_CART_KEY } from '../visitor-cart.ts';
import CartPage from './CartPage.tsx';

const auth = vi.hoisted(() => ({ user: null as null | { name: string; email: string } }));
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => auth }));

const filter: PartDetail = {
  ...demoPads,
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Oil Filter',
  partNumber: 'W 68/3',
  brand: 'Mann',
  price: 19.99,
  minimumQuantity: 5,
  availableQuantity: 40,
  priceTiers: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let serverCart: CartReply;
/** The pads and the filter as the catalogue describes them now. */
let pads: PartDetail;
let oil: PartDetail;

beforeEach(() => {
  calls = [];
  pads = demoPads;
  oil = filter;
  localStorage.clear();
  auth.user = null;
  serverCart = {
    lines: [
      {
        part: filter,
        quantity: 3,
        unitPrice: 19.99,
        lineTotal: 59.97,
        problems: [{ code: 'below_minimum', message: 'The minimum order for this part is 5' }],
      },
    ],
    total: 59.97,
    deposits: 0,
    orderable: false,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      if (call.path === `/api/item/${demoPads._id}`) return json(200, pads);
      if (call.path === '/api/warehouses') return json(200, [DHAKA, CHATTOGRAM]);
      if (call.path === `/api/item/${filter._id}`) return json(200, oil);
      if (call.path === '/api/cart') return json(200, serverCart);
      if (call.path === `/api/cart/lines/${filter._id}` && call.method === 'PUT') {
        const line = {
          part: filter,
          quantity: 10,
          unitPrice: 19.99,
          lineTotal: 199.9,
          problems: [],
        };
        serverCart = { lines: [line], total: 199.9, deposits: 0, orderable: true };
        // The line and the totals, not the cart whole (issue 31 #3).
        return json(200, { line, total: 199.9, deposits: 0, orderable: true, count: 1 });
      }
      return json(404, { error: { code: 'not_found', message: `no ${call.method} ${call.path}` } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCart() {
  renderAt('/cart', {
    '/cart': <CartPage />,
    '/login': <p>Sign-in page</p>,
    '/checkout': <p>Checkout page</p>,
  });
}

const lines = async () => screen.findAllByRole('listitem', { name: /Brake Pad|Oil Filter/ });

describe('a visitor’s cart', () => {
  it('prices the lines kept in the browser with the volume price a quantity reaches', async () => {
    localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([
        { partId: demoPads._id, quantity: 500 },
        { partId: filter._id, quantity: 2 },
      ]),
    );
    renderCart();
    const [pads, oil] = await lines();
    // 500 pads reach the tier from 500: $17.25 each instead of $18.50.
    expect(pads?.textContent).toContain('$17.25');
    expect(pads?.textContent).toContain('volume price');
    expect(pads?.textContent).toContain('$8,625.00');
    expect(
      within(oil as HTMLElement).getByText('The minimum order for this part is 5'),
    ).toBeTruthy();
    expect(screen.getByText('$8,664.98')).toBeTruthy();
    // A visitor signs in to check out, and comes back to the checkout.
    expect(screen.getByRole('link', { name: 'Sign in to check out' }).getAttribute('href')).toBe(
      '/login',
    );
    // Taking a line out changes the browser's cart.
    await userEvent.click(screen.getByRole('button', { name: 'Remove Oil Filter from the cart' }));
    await waitFor(async () => expect(await lines()).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem(VISITOR_CART_KEY) ?? '[]')).toEqual([
      { partId: demoPads._id, quantity: 500 },
    ]);
  });

  it('says so when it is empty', async () => {
    renderCart();
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quick order by part number' })).toBeTruthy();
  });
});

describe('a signed-in customer’s cart', () => {
  it('is the server’s: a line below the minimum keeps checking out off until its quantity is changed', async () => {
    auth.user = { name: 'Rafiq', email: 'rafiq@garage.com' };
    renderCart();
    const [oil] = await lines();
    expect(oil?.textContent).toContain('The minimum order for this part is 5');
    expect((screen.getByRole('button', { name: 'Check out' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Oil Filter' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '10{Enter}');
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        path: `/api/cart/lines/${filter._id}`,
        body: { quantity: 10 },
      }),
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Check out' }));
    expect(await screen.findByText('Checkout page')).toBeTruthy();
  });
});

describe('each line’s warehouses (issue 32 #2)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('promises the day of the first warehouse that holds the line, or names how it is split', async () => {
    // Wednesday 13:50 in Dhaka.
    vi.useFakeTimers({ now: new Date('2026-12-02T07:50:00Z'), shouldAdvanceTime: true });
    pads = {
      ...demoPads,
      availableQuantity: 700,
      stock: [
        { warehouse: 'DHK', quantity: 300, restockDate: null },
        { warehouse: 'CTG', quantity: 400, restockDate: null },
      ],
    };
    localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([
        { partId: demoPads._id, quantity: 500 },
        { partId: filter._id, quantity: 2 },
      ]),
    );
    oil = { ...filter, stock: [{ warehouse: 'CTG', quantity: 40, restockDate: null }] };
    renderCart();
    const [padsLine, oilLine] = (await lines()) as [HTMLElement, HTMLElement];
    expect(
      await within(padsLine).findByText(
        'Ships from several warehouses: Dhaka 300 · Chattogram 400',
      ),
    ).toBeTruthy();
    expect(
      within(oilLine).getByText('Order within 1 h 10 min to ship today from Chattogram'),
    ).toBeTruthy();
  });
});

describe('backorders (issue 32 #3)', () => {
  /** The alternator: 4 in Dhaka, more expected there on 1 March 2027, and it takes backorders. */
  const alternator: PartDetail = {
    ...filter,
    _id: '44444444-4444-4444-8444-444444444444',
    name: 'Alternator 14 V 120 A',
    partNumber: '439698',
    minimumQuantity: 1,
    availableQuantity: 4,
    allowBackorder: true,
    backorderExpected: '2027-03-01',
    stock: [{ warehouse: 'DHK', quantity: 4, restockDate: '2027-03-01' }],
  };
  const lineOf = async (name: string) => screen.findByRole('listitem', { name });

  it('says how many of a server line are backordered and when more is expected, and lets it check out', async () => {
    auth.user = { name: 'Rafiq', email: 'rafiq@garage.com' };
    serverCart = {
      lines: [
        {
          part: alternator,
          quantity: 9,
          unitPrice: 19.99,
          lineTotal: 179.91,
          problems: [],
          backorder: { quantity: 5, expected: '2027-03-01' },
        },
      ],
      total: 179.91,
      deposits: 0,
      orderable: true,
    };
    renderCart();
    const line = await lineOf('Alternator 14 V 120 A');
    expect(within(line).getByText('5 backordered, expected 1 Mar 2027')).toBeTruthy();
    expect(within(line).queryByText(/Only 4 in stock/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Check out' })).toBeTruthy();
  });

  it('keeps a visitor’s quantity above the stock of such a part orderable, and says what waits', async () => {
    localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([
        { partId: alternator._id, quantity: 9 },
        { partId: filter._id, quantity: 50 },
      ]),
    );
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/item/${alternator._id}`) return json(200, alternator);
      if (url.pathname === `/api/item/${filter._id}`) return json(200, filter);
      if (url.pathname === '/api/warehouses') return json(200, [DHAKA, CHATTOGRAM]);
      return json(404, { error: { code: 'not_found', message: 'no' } });
    });
    renderCart();
    const line = await lineOf('Alternator 14 V 120 A');
    expect(await within(line).findByText('5 backordered, expected 1 Mar 2027')).toBeTruthy();
    expect(line.textContent).toContain('4 in stock');
    expect(within(line).queryByText('Only 4 in stock')).toBeNull();
    // A part that takes no backorders still says its stock falls short.
    const oilLine = await lineOf('Oil Filter');
    expect(within(oilLine).getByText('Only 40 in stock')).toBeTruthy();
    expect(within(oilLine).queryByText(/backordered/)).toBeNull();
  });
});

describe('core charges (issue 32 #4)', () => {
  /** A starter motor: $120.00, and a $45.00 deposit on each until its old part comes back. */
  const starter: PartDetail = {
    ...filter,
    _id: '55555555-5555-4555-8555-555555555555',
    name: 'Starter Motor 12 V',
    partNumber: '0 986 011',
    price: 120,
    minimumQuantity: 1,
    coreCharge: 45,
  };
  const lineOf = async (name: string) => screen.findByRole('listitem', { name });
  /** The cart's summary as "term: amount" rows. */
  const summary = () =>
    [...document.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );

  it('adds a visitor’s deposits to the total as the server will, and says each line’s', async () => {
    localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([
        { partId: starter._id, quantity: 3 },
        { partId: filter._id, quantity: 5 },
      ]),
    );
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === `/api/item/${starter._id}`) return json(200, starter);
      if (url.pathname === `/api/item/${filter._id}`) return json(200, filter);
      if (url.pathname === '/api/warehouses') return json(200, [DHAKA, CHATTOGRAM]);
      return json(404, { error: { code: 'not_found', message: 'no' } });
    });
    renderCart();
    const line = await lineOf('Starter Motor 12 V');
    expect(within(line).getByText('Core deposit: 3 × $45.00 = $135.00')).toBeTruthy();
    expect(line.textContent).toContain('$360.00');
    expect(within(await lineOf('Oil Filter')).queryByText(/Core deposit/)).toBeNull();
    // 3 × $120.00 + 5 × $19.99 in parts, and the deposits on top.
    await waitFor(() =>
      expect(summary()).toEqual([
        'Parts: $459.95',
        'Core deposits (refunded when the old parts come back): $135.00',
        'Total: $594.95',
      ]),
    );
  });

  it('shows a signed-in customer’s deposits as the server counts them', async () => {
    auth.user = { name: 'Rafiq', email: 'rafiq@garage.com' };
    serverCart = {
      lines: [
        {
          part: starter,
          quantity: 2,
          unitPrice: 120,
          lineTotal: 240,
          problems: [],
          core: { charge: 45, deposit: 90 },
        },
      ],
      total: 330,
      deposits: 90,
      orderable: true,
    };
    renderCart();
    const line = await lineOf('Starter Motor 12 V');
    expect(within(line).getByText('Core deposit: 2 × $45.00 = $90.00')).toBeTruthy();
    expect(summary()).toEqual([
      'Parts: $240.00',
      'Core deposits (refunded when the old parts come back): $90.00',
      'Total: $330.00',
    ]);
  });

  it('says nothing of deposits for a cart without any', async () => {
    auth.user = { name: 'Rafiq', email: 'rafiq@garage.com' };
    renderCart();
    await lineOf('Oil Filter');
    expect(screen.queryByText(/Core deposit/)).toBeNull();
    expect(summary()).toEqual(['Total: $59.97']);
  });
});
