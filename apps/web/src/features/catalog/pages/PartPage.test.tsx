// A part's public page (issue 16 #5): number, brand, breadcrumb, facts, other numbers, the
// vehicles it fits, whether it fits the visitor's vehicle, and a number no part has; its stock in
// each warehouse and when it would ship (issue 32 #2); orders above the stock of a part that takes
// backorders, and the cart that takes them (issue 32 #3); an exchange part's core charge beside
// its price (issue 32 #4).
import type { PartDetail } from '@axle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COROLLA, demoPads, jsonReply, stubApi } from '../../../lib/test-api.ts';
import { buyerUser, fleet } from '../../companies/test-fixtures.ts';
import { CHATTOGRAM, DHAKA } from '../../warehouses/test-fixtures.ts';
import PartPage from './PartPage.tsx';

// A visitor (the current vehicle is the one kept in this browser), or a company's member.
let auth: { user: typeof buyerUser | null; isAdmin?: boolean; loading?: boolean };
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => auth }));

const FOCUS = '22222222-2222-4222-8222-222222222222';
const OLD_PADS = '33333333-3333-4333-8333-333333333333';
const pads = { ...demoPads, replaces: [{ _id: OLD_PADS, partNumber: 'P 83 085' }] };

let asked: string[];
/** The pads as the server describes them now (their stock, for the warehouses' tests). */
let shown: PartDetail;
let warehousesUp: boolean;
beforeEach(() => {
  auth = { user: null };
  asked = [];
  shown = pads;
  warehousesUp = true;
  stubApi((url) => {
    asked.push(url.pathname);
    if (url.pathname === `/api/parts/${encodeURIComponent('P 83 140')}`)
      return jsonReply(200, shown);
    if (url.pathname === '/api/warehouses')
      return warehousesUp
        ? jsonReply(200, [DHAKA, CHATTOGRAM])
        : jsonReply(500, { error: { code: 'internal', message: 'Something went wrong' } });
    if (url.pathname === '/api/parts/P%2083%20085')
      return jsonReply(200, {
        ...pads,
        _id: OLD_PADS,
        partNumber: 'P 83 085',
        replacedBy: { _id: pads._id, partNumber: 'P 83 140', name: pads.name },
      });
    if (url.pathname === '/api/company') return jsonReply(200, fleet);
    if (url.pathname === '/api/company/prices' && url.searchParams.get('ids') === pads._id)
      return jsonReply(200, [
        { partId: pads._id, price: 15, priceTiers: [{ minQuantity: 500, price: 14 }] },
      ]);
    return jsonReply(404, { error: { code: 'not_found', message: 'No part with number X' } });
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderAt(partNumber: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/parts/${encodeURIComponent(partNumber)}`]}>
        <Routes>
          <Route path="/parts/:partNumber" element={<PartPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const visitorDrives = (vehicleId: string, name: string) =>
  localStorage.setItem('axle-vehicle', JSON.stringify({ vehicleId, year: 2015, name }));

describe('the part page', () => {
  it('shows the number, brand, breadcrumb, facts, other numbers and the vehicles it fits', async () => {
    renderAt('P 83 140');
    expect(await screen.findByRole('heading', { level: 1, name: pads.name })).toBeTruthy();
    expect(screen.getByText('P 83 140')).toBeTruthy();
    expect(screen.getByText(/Brembo/)).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Category' });
    expect(crumbs.textContent).toBe('BrakesBrake pads');
    expect(screen.getByRole('row', { name: 'Width 132.6 mm' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Weight 1.48 kg' })).toBeTruthy();
    expect(screen.getByText('04465-02220')).toBeTruthy();
    expect(screen.getByText('GDB3425')).toBeTruthy();
    expect(screen.getByText('Corolla: 2014–2022 · 1.8L 4-cyl 2ZR-FE · front axle')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'place order' }).getAttribute('href')).toBe(
      `/purchase/${pads._id}`,
    );
    expect(screen.getByRole('link', { name: 'Choose your vehicle' })).toBeTruthy();
    // A visitor sees the list price and volume prices, and the page asks for nothing but the part
    // and the warehouses its stock is in.
    expect(screen.getByText('Price:')).toBeTruthy();
    expect(screen.getByText('$18.50').tagName).toBe('STRONG');
    expect(screen.getByText('Volume prices: from 500: $17.25')).toBeTruthy();
    expect(asked).toEqual([`/api/parts/${encodeURIComponent('P 83 140')}`, '/api/warehouses']);
  });

  it('shows a company member their own price and volume prices (issue 18 #5)', async () => {
    auth = { user: buyerUser, isAdmin: false, loading: false };
    renderAt('P 83 140');
    expect(await screen.findByText('Your price:')).toBeTruthy();
    expect(screen.getByText('$15.00').tagName).toBe('STRONG');
    expect(screen.getByText('$18.50').tagName).toBe('S');
    expect(screen.getByText(/List price/)).toBeTruthy();
    expect(screen.getByText('Your volume prices: from 500: $14.00')).toBeTruthy();
  });

  it("says whether it fits the visitor's vehicle", async () => {
    visitorDrives(COROLLA, '2015 Toyota Corolla');
    renderAt('P 83 140');
    expect(await screen.findByText('Fits your 2015 Toyota Corolla')).toBeTruthy();
    cleanup();
    visitorDrives(FOCUS, '2012 Ford Focus');
    renderAt('P 83 140');
    expect(await screen.findByText('Does not fit your 2012 Ford Focus')).toBeTruthy();
  });

  it('leads a superseded number to the part that replaces it, and says so (issue 32 #1)', async () => {
    renderAt('P 83 085');
    expect(await screen.findByText('P 83 085 has been replaced by this part.')).toHaveProperty(
      'role',
      'status',
    );
    expect(screen.getByRole('heading', { level: 1, name: pads.name })).toBeTruthy();
    expect(screen.getByText('Replaces:').textContent).toBe('Replaces: P 83 085');
    expect(asked).toContain(`/api/parts/${encodeURIComponent('P 83 140')}`);
    cleanup();
    // Reached by its own number, the page lists what it replaces and says nothing more.
    renderAt('P 83 140');
    expect(await screen.findByText('Replaces:')).toBeTruthy();
    expect(screen.queryByText(/has been replaced by this part/)).toBeNull();
  });

  it('says so for a number no part has', async () => {
    renderAt('NO-SUCH-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No part with number NO-SUCH-1.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all parts' }).getAttribute('href')).toBe('/parts');
  });
});

describe("the part page's stock by warehouse (issue 32 #2)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const stockRegion = async () =>
    within(await screen.findByRole('region', { name: 'Stock by warehouse' }));
  const rows = async () =>
    (await stockRegion()).getAllByRole('listitem').map((row) => row.textContent);
  /** A moment, in UTC: Dhaka's clocks are six hours ahead all year. */
  const at = (iso: string) => vi.useFakeTimers({ now: new Date(iso), shouldAdvanceTime: true });

  it('lists each warehouse by name with its stock and the day more is expected', async () => {
    shown = {
      ...pads,
      stock: [
        { warehouse: 'DHK', quantity: 0, restockDate: '2027-01-15' },
        { warehouse: 'CTG', quantity: 1200, restockDate: null },
      ],
    };
    renderAt('P 83 140');
    await screen.findByText('Dhaka');
    expect(await rows()).toEqual([
      'DhakaOut of stock, more expected 15 Jan 2027',
      'Chattogram1,200 in stock',
    ]);
  });

  it('promises a day from the first warehouse that holds the minimum, counted down every minute, without announcing it', async () => {
    // Wednesday 13:50 in Dhaka: Dhaka holds less than the minimum of 100; Chattogram ships until 15:00.
    at('2026-12-02T07:50:00Z');
    shown = {
      ...pads,
      stock: [
        { warehouse: 'DHK', quantity: 50, restockDate: null },
        { warehouse: 'CTG', quantity: 400, restockDate: null },
      ],
    };
    renderAt('P 83 140');
    const promise = await screen.findByText(
      'Order within 1 h 10 min to ship today from Chattogram',
    );
    expect(promise.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(promise.textContent).toBe('Order within 1 h 9 min to ship today from Chattogram');
    expect(await rows()).toEqual(['Dhaka50 in stock', 'Chattogram400 in stock']);
  });

  it('after the cutoff, promises the next working day', async () => {
    shown = { ...pads, stock: [{ warehouse: 'DHK', quantity: 500, restockDate: null }] };
    // Wednesday 16:30 in Dhaka: Thursday is a working day.
    at('2026-12-02T10:30:00Z');
    renderAt('P 83 140');
    expect(await screen.findByText('Order now to ship tomorrow from Dhaka')).toBeTruthy();
    cleanup();
    // Thursday 16:30: Friday and Saturday are not.
    at('2026-12-03T10:30:00Z');
    renderAt('P 83 140');
    expect(await screen.findByText('Order now to ship on Sunday from Dhaka')).toBeTruthy();
  });

  it('promises nothing when no warehouse holds the minimum, and says when it is out of stock', async () => {
    shown = { ...pads, stock: [{ warehouse: 'DHK', quantity: 99, restockDate: null }] };
    renderAt('P 83 140');
    await screen.findByText('Dhaka');
    expect(await rows()).toEqual(['Dhaka99 in stock']);
    expect(screen.queryByText(/^Order (within|now)/)).toBeNull();
    cleanup();
    shown = { ...pads, availableQuantity: 0, stock: [] };
    renderAt('P 83 140');
    expect((await stockRegion()).getByText('Out of stock')).toBeTruthy();
  });

  it('names a warehouse by its code while the list of warehouses cannot be had', async () => {
    warehousesUp = false;
    shown = { ...pads, stock: [{ warehouse: 'DHK', quantity: 500, restockDate: null }] };
    renderAt('P 83 140');
    await vi.waitFor(() => expect(asked).toContain('/api/warehouses'));
    expect(await rows()).toEqual(['DHK500 in stock']);
    expect(screen.queryByText(/^Order (within|now)/)).toBeNull();
  });
});

describe("the part page's backorders (issue 32 #3)", () => {
  /** Out of stock, more expected in Dhaka on 1 March 2027. */
  const restocking: PartDetail = {
    ...pads,
    availableQuantity: 0,
    stock: [{ warehouse: 'DHK', quantity: 0, restockDate: '2027-03-01' }],
  };
  const addToCart = () => screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement;

  it('says orders above the stock are taken and when more is expected, and lets the cart take the part', async () => {
    shown = { ...restocking, allowBackorder: true, backorderExpected: '2027-03-01' };
    renderAt('P 83 140');
    const stock = within(await screen.findByRole('region', { name: 'Stock by warehouse' }));
    expect(
      stock.getByText('Orders above the stock are backordered: more expected 1 Mar 2027'),
    ).toBeTruthy();
    expect(addToCart().disabled).toBe(false);
    await userEvent.click(addToCart());
    // A visitor's cart: the part's minimum, though none is in stock now.
    await vi.waitFor(() =>
      expect(JSON.parse(localStorage.getItem('axle-cart') ?? '[]')).toEqual([
        { partId: pads._id, quantity: 100 },
      ]),
    );
    // The one-part order keeps the stock's limit: it is the purchase page's.
    expect(screen.getByRole('link', { name: 'place order' }).getAttribute('href')).toBe(
      `/purchase/${pads._id}`,
    );
  });

  it('says nothing of backorders for a part that takes none, and keeps it out of the cart while out of stock', async () => {
    shown = restocking;
    renderAt('P 83 140');
    await screen.findByRole('region', { name: 'Stock by warehouse' });
    expect(screen.queryByText(/backordered/)).toBeNull();
    expect(addToCart().disabled).toBe(true);
  });
});

describe("the part page's core charge (issue 32 #4)", () => {
  it('says what an exchange part’s deposit is and how long the old part may take to come back', async () => {
    shown = { ...pads, coreCharge: 35, coreReturnDays: 45 };
    renderAt('P 83 140');
    expect(
      await screen.findByText(
        'Core charge $35.00 per unit, refunded when you return the old part within 45 days',
      ),
    ).toBeTruthy();
  });

  it('says nothing of a core charge for a part without one', async () => {
    renderAt('P 83 140');
    await screen.findByRole('heading', { level: 1, name: pads.name });
    expect(screen.queryByText(/Core charge/)).toBeNull();
  });
});
