// My Garage in the dashboard (issue 16 #3): the customer's vehicles with the current one marked,
// removing one, making one current ("Shop for this vehicle") and adding one with the picker.
import type { GarageList } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../lib/test-render.tsx';
import MyGaragePage from './MyGaragePage.tsx';

const COROLLA = '11111111-1111-4111-8111-111111111111';
const CIVIC = '33333333-3333-4333-8333-333333333333';

const corolla = {
  vehicleId: COROLLA,
  year: 2015,
  make: 'Toyota',
  model: 'Corolla',
  variant: '1.8L 4-cyl 2ZR-FE',
  name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE',
  current: true,
};
const civic = {
  vehicleId: CIVIC,
  year: 2016,
  make: 'Honda',
  model: 'Civic',
  variant: null,
  name: '2016 Honda Civic',
  current: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** The garage as the fake server keeps it. */
let garage: GarageList;

function answer(call: Call): Response {
  const { method, path } = call;
  if (path === '/api/garage' && method === 'GET') return json(200, garage);
  if (path === '/api/garage/current' && method === 'PUT') {
    const { vehicleId, year } = call.body as { vehicleId: string; year: number };
    garage = garage
      .map((v) => ({ ...v, current: v.vehicleId === vehicleId && v.year === year }))
      .sort((a, b) => Number(b.current) - Number(a.current));
    return json(200, garage);
  }
  const removed = /^\/api\/garage\/([^/]+)\/(\d+)$/.exec(path);
  if (removed && method === 'DELETE') {
    garage = garage.filter((v) => !(v.vehicleId === removed[1] && v.year === Number(removed[2])));
    return json(200, garage);
  }
  if (path === '/api/garage' && method === 'POST')
    return json(409, {
      error: {
        code: 'conflict',
        message: 'Your garage holds at most 50 vehicles: remove one before adding another',
      },
    });
  if (path === '/api/vehicles/years') return json(200, [{ name: '2015' }]);
  if (path === '/api/vehicles/makes') return json(200, [{ name: 'Toyota' }]);
  if (path === '/api/vehicles/models') return json(200, [{ name: 'Corolla' }]);
  if (path === '/api/vehicles/engines')
    return json(200, [{ id: COROLLA, name: '1.8L 4-cyl 2ZR-FE' }]);
  return json(404, { error: { code: 'not_found', message: `no ${method} ${path}` } });
}

beforeEach(() => {
  calls = [];
  garage = [corolla, civic];
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
      return answer(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderAt('/dashboard/garage', {
    '/dashboard/garage': <MyGaragePage />,
    '/parts': <p>The shop</p>,
  });
}

const vehicles = async () =>
  within(await screen.findByRole('list', { name: 'Your vehicles' })).getAllByRole('listitem');

describe('My Garage', () => {
  it('lists the vehicles, the current one first and marked', async () => {
    renderPage();
    const [first, second] = await vehicles();
    expect(first?.textContent).toContain('2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE');
    expect(within(first as HTMLElement).getByText('Current vehicle')).toBeTruthy();
    expect(second?.textContent).toContain('2016 Honda Civic');
    expect(within(second as HTMLElement).queryByText('Current vehicle')).toBeNull();
    expect(screen.getByText('2 of 50 vehicles')).toBeTruthy();
  });

  it('removes a vehicle only after the customer confirms', async () => {
    renderPage();
    const [, civicItem] = await vehicles();
    const remove = within(civicItem as HTMLElement).getByRole('button', { name: 'Remove' });
    // It asks first, naming the vehicle; "Keep it" has the focus and changes nothing.
    await userEvent.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove this vehicle?' });
    expect(dialog.textContent).toContain('The 2016 Honda Civic');
    const keep = within(dialog).getByRole('button', { name: 'Keep it' });
    expect(document.activeElement).toBe(keep);
    await userEvent.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await userEvent.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove this vehicle?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove the vehicle' }));
    await waitFor(async () => expect(await vehicles()).toHaveLength(1));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My Garage' }));
    expect(calls).toContainEqual({
      method: 'DELETE',
      path: `/api/garage/${CIVIC}/2016`,
      body: undefined,
    });
    expect(screen.queryByText('2016 Honda Civic')).toBeNull();
  });

  it('says so when the garage is empty', async () => {
    garage = [];
    renderPage();
    expect(await screen.findByText(/No vehicles in your garage yet/)).toBeTruthy();
  });

  it('"Shop for this vehicle" makes it current and opens the shop', async () => {
    renderPage();
    const [, civicItem] = await vehicles();
    await userEvent.click(
      within(civicItem as HTMLElement).getByRole('button', { name: 'Shop for this vehicle' }),
    );
    expect(await screen.findByText('The shop')).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'PUT',
      path: '/api/garage/current',
      body: { vehicleId: CIVIC, year: 2016 },
    });
  });

  it('adds with the picker, and shows why the server refused', async () => {
    renderPage();
    await vehicles();
    for (const [label, option] of [
      ['Year', '2015'],
      ['Make', 'Toyota'],
      ['Model', 'Corolla'],
    ] as const) {
      await screen.findByRole('option', { name: option });
      await userEvent.selectOptions(screen.getByLabelText(label), option);
    }
    const add = screen.getByRole('button', { name: 'Add to garage' }) as HTMLButtonElement;
    // One engine: chosen by itself.
    await waitFor(() => expect(add.disabled).toBe(false));
    await userEvent.click(add);
    expect(await screen.findByText(/holds at most 50 vehicles/)).toBeTruthy();
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/api/garage',
      body: { vehicleId: COROLLA, year: 2015 },
    });
  });
});
