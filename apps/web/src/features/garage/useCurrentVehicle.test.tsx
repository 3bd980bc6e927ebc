// The current vehicle (issue 16 #3): a visitor keeps one in this browser; a signed-in customer's
// is the current vehicle of their garage, set and cleared through the API.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCurrentVehicle, VISITOR_VEHICLE_KEY } from './useCurrentVehicle.ts';

const auth = vi.hoisted(() => ({ user: null as { email: string } | null, loading: false }));
vi.mock('../accounts/index.ts', () => ({ useAuth: () => auth }));

const COROLLA = '11111111-1111-4111-8111-111111111111';
const corolla = { vehicleId: COROLLA, year: 2015, name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let calls: { method: string; path: string; body: unknown }[];
let current: boolean;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  current = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (method === 'POST') current = true;
      if (method === 'DELETE') current = false;
      return json(200, [
        { ...corolla, make: 'Toyota', model: 'Corolla', variant: '1.8L 4-cyl 2ZR-FE', current },
      ]);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.user = null;
});

function renderCurrentVehicle() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCurrentVehicle(), { wrapper });
}

describe('the current vehicle', () => {
  it('of a visitor is one vehicle kept in this browser, without calling the API', async () => {
    const { result } = renderCurrentVehicle();
    expect(result.current.vehicle).toBeNull();
    await act(() => result.current.setVehicle(corolla));
    expect(result.current.vehicle).toEqual(corolla);
    expect(JSON.parse(localStorage.getItem(VISITOR_VEHICLE_KEY) ?? 'null')).toEqual(corolla);
    // Another page of the visit finds it.
    expect(renderCurrentVehicle().result.current.vehicle).toEqual(corolla);
    await act(() => result.current.clearVehicle());
    expect(result.current.vehicle).toBeNull();
    expect(localStorage.getItem(VISITOR_VEHICLE_KEY)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('of a visitor ignores what is not a vehicle', () => {
    localStorage.setItem(VISITOR_VEHICLE_KEY, '{"vehicleId":1}');
    expect(renderCurrentVehicle().result.current.vehicle).toBeNull();
  });

  it('of a customer is the current vehicle of the garage, set and cleared through the API', async () => {
    auth.user = { email: 'ann@garage.com' };
    const { result } = renderCurrentVehicle();
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.vehicle).toBeNull();

    await act(() => result.current.setVehicle(corolla));
    await waitFor(() => expect(result.current.vehicle).toEqual(corolla));
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/garage',
      body: { vehicleId: COROLLA, year: 2015, current: true },
    });

    await act(() => result.current.clearVehicle());
    await waitFor(() => expect(result.current.vehicle).toBeNull());
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/garage/current' });
    expect(localStorage.getItem(VISITOR_VEHICLE_KEY)).toBeNull();
  });
});
