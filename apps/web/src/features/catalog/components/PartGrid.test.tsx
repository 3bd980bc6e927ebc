// A company member's own prices on the part cards (issue 18 #5): the catalogue's replies are list
// prices, so the grid asks once for its parts' prices with the company's applied, and each card
// shows "Your price" with the list price struck through, and the member's volume prices. A visitor
// or a customer without a company sees the list prices, and a visitor's page asks nothing more.
import type { Part, PartPrice } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads, jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { buyerUser, fleet } from '../../companies/test-fixtures.ts';
import { PartGrid } from './PartGrid.tsx';

let auth: { user: typeof buyerUser | null; isAdmin: boolean; loading: boolean };
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => auth }));

const { weightKg, oeNumbers, crossReferences, attributes, fitment, ...listed } = demoPads;
const pads: Part = { ...listed, category: null };
const filters: Part = {
  ...pads,
  _id: '88888888-8888-4888-8888-888888888888',
  name: 'Oil Filter',
  partNumber: 'OC 90',
  price: 4.2,
  priceTiers: [],
};
/** The member's price of the pads (the filters are not in the company's price list). */
const theirPads: PartPrice = {
  partId: pads._id,
  price: 15,
  priceTiers: [{ minQuantity: 500, price: 14 }],
};

let asked: URL[];
/** Whether the caller belongs to a company (GET /api/company answers it, or null). */
let member: boolean;

beforeEach(() => {
  asked = [];
  member = true;
  auth = { user: buyerUser, isAdmin: false, loading: false };
  stubApi((url) => {
    asked.push(url);
    if (url.pathname === '/api/company')
      return member ? jsonReply(200, { ...fleet, role: 'buyer' }) : jsonReply(200, null);
    if (url.pathname === '/api/company/prices')
      return jsonReply(200, [theirPads, { partId: filters._id, price: 4.2, priceTiers: [] }]);
    return jsonReply(404, { error: { code: 'not_found', message: url.pathname } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGrid = () => renderAt('/parts', { '/parts': <PartGrid parts={[pads, filters]} /> });
const card = (name: string) => within(screen.getByRole('article', { name }));

describe('the part cards of a company member', () => {
  it('show their own price below the struck-through list price, and their volume prices', async () => {
    renderGrid();
    const their = card(pads.name);
    expect(await their.findByText('Your price:')).toBeTruthy();
    expect(their.getByText('$15.00').tagName).toBe('STRONG');
    expect(their.getByText('$18.50').tagName).toBe('S');
    expect(their.getByText(/List price/)).toBeTruthy();
    expect(their.getByText('Your volume prices: from 500: $14.00')).toBeTruthy();

    // A part without a price of the company's: its list price, as for everyone.
    const list = card(filters.name);
    expect(list.getByText('Price:')).toBeTruthy();
    expect(list.queryByText('Your price:')).toBeNull();

    // One call for the whole grid, its ids sorted.
    const prices = asked.filter((url) => url.pathname === '/api/company/prices');
    expect(prices.map((url) => url.searchParams.get('ids'))).toEqual([
      [pads._id, filters._id].sort().join(','),
    ]);
  });

  it('show the list prices to a customer without a company, who is asked nothing more', async () => {
    member = false;
    renderGrid();
    await waitFor(() => expect(asked.map((url) => url.pathname)).toEqual(['/api/company']));
    expect(card(pads.name).getByText('Price:')).toBeTruthy();
    expect(card(pads.name).getByText('$18.50').tagName).toBe('STRONG');
    expect(card(pads.name).getByText('Volume prices: from 500: $17.25')).toBeTruthy();
  });

  it('ask for at most 100 parts’ prices a call', async () => {
    const many = Array.from({ length: 150 }, (_, index) => ({
      ...filters,
      _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      name: `Filter ${index}`,
    }));
    renderAt('/parts', { '/parts': <PartGrid parts={many} /> });
    await waitFor(() =>
      expect(asked.filter((url) => url.pathname === '/api/company/prices')).toHaveLength(2),
    );
    const sizes = asked
      .filter((url) => url.pathname === '/api/company/prices')
      .map((url) => url.searchParams.get('ids')?.split(',').length);
    expect(sizes).toEqual([100, 50]);
  });
});

describe('the part cards of a visitor', () => {
  it('show the list prices and ask the server for nothing', async () => {
    auth = { user: null, isAdmin: false, loading: false };
    renderGrid();
    expect(card(pads.name).getByText('Price:')).toBeTruthy();
    expect(card(pads.name).getByText('$18.50').tagName).toBe('STRONG');
    // Give any call a chance to start.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});

describe('superseded numbers on the cards (issue 32 #1)', () => {
  it("link an old number's card to its replacement, and mark the replacement found for it", async () => {
    auth = { user: null, isAdmin: false, loading: false };
    const old: Part = {
      ...filters,
      replacedBy: { _id: pads._id, partNumber: pads.partNumber, name: pads.name },
    };
    renderAt('/parts', {
      '/parts': <PartGrid parts={[pads, old]} replaces={new Map([[pads._id, 'OC 90']])} />,
    });
    const replacedBy = card('Oil Filter').getByRole('link', { name: 'Replaced by P 83 140' });
    expect(replacedBy.getAttribute('href')).toBe('/parts/P%2083%20140');
    expect(card(pads.name).getByText('Replaces OC 90')).toBeTruthy();
    expect(card('Oil Filter').queryByText(/^Replaces /)).toBeNull();
  });
});
