// A part's public page (issue 16 #5): number, brand, breadcrumb, facts, other numbers, the
// vehicles it fits, whether it fits the visitor's vehicle, and a number no part has.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COROLLA, demoPads, jsonReply, stubApi } from '../../../lib/test-api.ts';
import PartPage from './PartPage.tsx';

// A visitor: the current vehicle is the one kept in this browser.
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => ({ user: null }) }));

const FOCUS = '22222222-2222-4222-8222-222222222222';
const pads = demoPads;

beforeEach(() => {
  stubApi((url) =>
    url.pathname === `/api/parts/${encodeURIComponent('P 83 140')}`
      ? jsonReply(200, pads)
      : jsonReply(404, { error: { code: 'not_found', message: 'No part with number X' } }),
  );
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

  it('says so for a number no part has', async () => {
    renderAt('NO-SUCH-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No part with number NO-SUCH-1.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all parts' }).getAttribute('href')).toBe('/parts');
  });
});
