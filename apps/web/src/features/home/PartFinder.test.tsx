// The home page's first screen (issue 30 #7): a VIN in the search box, the picker or a garage
// vehicle makes the vehicle the current one and opens its parts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../lib/test-api.ts';
import PartFinder from './PartFinder.tsx';

const auth = vi.hoisted(() => ({ user: null as { email: string } | null, loading: false }));
vi.mock('../accounts/index.ts', () => ({ useAuth: () => auth }));

const COROLLA = '11111111-1111-4111-8111-111111111111';
const CIVIC = '33333333-3333-4333-8333-333333333333';
const corolla = { vehicleId: COROLLA, year: 2015, name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE' };
const garage = [
  { ...corolla, make: 'Toyota', model: 'Corolla', variant: '1.8L 4-cyl 2ZR-FE', current: true },
  {
    vehicleId: CIVIC,
    year: 2016,
    name: '2016 Honda Civic 2.0L 4-cyl',
    make: 'Honda',
    model: 'Civic',
    variant: '2.0L 4-cyl',
    current: false,
  },
];

let calls: { method: string; path: string; body: unknown }[];
/** What POST /api/garage answers: the garage, or a refusal. */
let addReply: () => Response;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  addReply = () => jsonReply(200, garage);
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    switch (url.pathname) {
      case '/api/vehicles/years':
        return jsonReply(200, [{ name: '2015' }]);
      case '/api/vehicles/makes':
        return jsonReply(200, [{ name: 'Toyota' }]);
      case '/api/vehicles/models':
        return jsonReply(200, [{ name: 'Corolla' }]);
      case '/api/vehicles/engines':
        return jsonReply(200, [{ id: COROLLA, name: '1.8L 4-cyl 2ZR-FE' }]);
      case '/api/vehicles/vin/2T1BURHE9FC123456':
        return jsonReply(200, {
          vin: '2T1BURHE9FC123456',
          year: 2015,
          make: 'TOYOTA',
          model: 'COROLLA',
          engine: '1.8L 4-cyl 2ZR-FE',
          vehicle: { id: COROLLA, name: '1.8L 4-cyl 2ZR-FE' },
          engines: [{ id: COROLLA, name: '1.8L 4-cyl 2ZR-FE' }],
        });
      case '/api/search/suggest':
        return jsonReply(200, { parts: [], brands: [], categories: [] });
      case '/api/garage':
        return method === 'POST' ? addReply() : jsonReply(200, garage);
      default:
        return jsonReply(404, { error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.user = null;
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderFinder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <PartFinder />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe("the home page's first screen", () => {
  it("opens a visitor's parts for the vehicle a VIN names, and keeps the vehicle in this browser", async () => {
    renderFinder();
    const search = await screen.findByRole('combobox', { name: 'Search the catalogue' });
    await screen.findByRole('form', { name: 'Choose your vehicle' });
    await userEvent.type(search, '2T1BURHE9FC123456{Enter}');
    await waitFor(() => expect(where()).toBe('/parts'));
    expect(JSON.parse(localStorage.getItem('axle-vehicle') ?? 'null')).toEqual(corolla);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a visitor's vehicle with a way to its parts", async () => {
    localStorage.setItem('axle-vehicle', JSON.stringify(corolla));
    renderFinder();
    expect(screen.getByText(corolla.name).closest('p')?.textContent).toContain('Your vehicle:');
    expect(screen.getByRole('link', { name: 'Show its parts' }).getAttribute('href')).toBe(
      '/parts',
    );
  });

  it('lets a signed-in customer shop for a vehicle of their garage, the current one first', async () => {
    auth.user = { email: 'fleet@example.com' };
    renderFinder();
    const choice = (await screen.findByLabelText('My garage')) as HTMLSelectElement;
    expect([...choice.options].map((option) => option.text)).toEqual([
      corolla.name,
      '2016 Honda Civic 2.0L 4-cyl',
    ]);
    expect(choice.selectedOptions[0]?.text).toBe(corolla.name);
    await userEvent.selectOptions(choice, '2016 Honda Civic 2.0L 4-cyl');
    await userEvent.click(screen.getByRole('button', { name: 'Shop for this vehicle' }));
    await waitFor(() => expect(where()).toBe('/parts'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/garage',
        body: { vehicleId: CIVIC, year: 2016, current: true },
      },
    ]);
  });

  it('says why a vehicle could not be made the current one, and stays', async () => {
    auth.user = { email: 'fleet@example.com' };
    addReply = () =>
      jsonReply(409, {
        error: { code: 'conflict', message: 'Your garage holds at most 50 vehicles' },
      });
    renderFinder();
    await userEvent.click(await screen.findByRole('button', { name: 'Shop for this vehicle' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your garage holds at most 50 vehicles',
    );
    expect(where()).toBe('/');
    expect(
      (screen.getByRole('button', { name: 'Shop for this vehicle' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
