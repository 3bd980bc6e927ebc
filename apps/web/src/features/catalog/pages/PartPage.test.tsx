// A part's public page (issue 16 #5): number, brand, breadcrumb, facts, other numbers, the
// vehicles it fits, whether it fits the visitor's vehicle, and a number no part has.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COROLLA, demoPads, jsonReply, stubApi } from '../../../lib/test-api.ts';
import { buyerUser, fleet } from '../../companies/test-fixtures.ts';
import PartPage from './PartPage.tsx';

// A visitor (the current vehicle is the one kept in this browser), or a company's member.
let auth: { user: typeof buyerUser | null; isAdmin?: boolean; loading?: boolean };
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => auth }));

const FOCUS = '22222222-2222-4222-8222-222222222222';
const OLD_PADS = '33333333-3333-4333-8333-333333333333';
const pads = { ...demoPads, replaces: [{ _id: OLD_PADS, partNumber: 'P 83 085' }] };

let asked: string[];
beforeEach(() => {
  auth = { user: null };
  asked = [];
  stubApi((url) => {
    asked.push(url.pathname);
    if (url.pathname === `/api/parts/${encodeURIComponent('P 83 140')}`)
      return jsonReply(200, pads);
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
    // A visitor sees the list price and volume prices, and the page asks for nothing else.
    expect(screen.getByText('Price:')).toBeTruthy();
    expect(screen.getByText('$18.50').tagName).toBe('STRONG');
    expect(screen.getByText('Volume prices: from 500: $17.25')).toBeTruthy();
    expect(asked).toEqual([`/api/parts/${encodeURIComponent('P 83 140')}`]);
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
