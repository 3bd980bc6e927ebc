// The vehicle picker (issue 16): year → make → model → engine, each open once the one before it
// is chosen, or a VIN that fills them; the chosen vehicle goes to onPick with its full name.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VehiclePicker } from './VehiclePicker.tsx';

const COROLLA_18 = '11111111-1111-4111-8111-111111111111';
const COROLLA_20 = '22222222-2222-4222-8222-222222222222';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The API as the picker asks it: the list's choices and the VIN lookup. */
function answer(url: URL): Response {
  const q = Object.fromEntries(url.searchParams);
  switch (url.pathname) {
    case '/api/vehicles/years':
      return json(200, [{ name: '2016' }, { name: '2015' }]);
    case '/api/vehicles/makes':
      return json(200, q.year === '2015' ? [{ name: 'Honda' }, { name: 'Toyota' }] : []);
    case '/api/vehicles/models':
      return json(200, q.make === 'Toyota' ? [{ name: 'Camry' }, { name: 'Corolla' }] : []);
    case '/api/vehicles/engines':
      return json(
        200,
        q.model === 'Corolla'
          ? [
              { id: COROLLA_18, name: '1.8L 4-cyl 2ZR-FE' },
              { id: COROLLA_20, name: '2.0L 4-cyl' },
            ]
          : [],
      );
    case '/api/vehicles/vin/2T1BURHE9FC123456':
      return json(200, {
        vin: '2T1BURHE9FC123456',
        year: 2015,
        make: 'TOYOTA',
        model: 'Corolla',
        engine: '1.8L 4-cyl 2ZR-FE',
        vehicle: { id: COROLLA_18, name: '1.8L 4-cyl 2ZR-FE' },
        engines: [],
      });
    case '/api/vehicles/vin/2T1BURHE3FC654321':
      // A VIN that names no engine: the list's two engines of the model are the choice.
      return json(200, {
        vin: '2T1BURHE3FC654321',
        year: 2015,
        make: 'TOYOTA',
        model: 'COROLLA',
        engine: null,
        vehicle: null,
        engines: [
          { id: COROLLA_18, name: '1.8L 4-cyl 2ZR-FE' },
          { id: COROLLA_20, name: '2.0L 4-cyl' },
        ],
      });
    case '/api/vehicles/vin/2T1BURHE5FC123456':
      return json(400, {
        error: {
          code: 'invalid',
          message:
            "This VIN's check digit (its 9th character) does not match the rest: it should be 9. Check the VIN for a mistyped character",
        },
      });
    default:
      return json(404, { error: { code: 'not_found', message: `no ${url.pathname}` } });
  }
}

let calls: string[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string) => {
      const url = new URL(String(input));
      calls.push(`${url.pathname}${url.search}`);
      return answer(url);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(onPick = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VehiclePicker onPick={onPick} />
    </QueryClientProvider>,
  );
  return onPick;
}

/** The home page's picker, with the VIN searched in the search box beside it. */
function renderCompact(vin: string, onPick = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const picker = (search: { vin: string } | undefined) => (
    <QueryClientProvider client={client}>
      <VehiclePicker compact submitLabel="Show parts" vinSearch={search} onPick={onPick} />
    </QueryClientProvider>
  );
  const view = render(picker(undefined));
  return { onPick, search: () => view.rerender(picker({ vin })) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const choose = async (label: string, option: string) => {
  await waitFor(() => expect(field(label).disabled).toBe(false));
  await screen.findByRole('option', { name: option });
  await userEvent.selectOptions(field(label), option);
};

describe('the vehicle picker', () => {
  it('opens each choice once the one before it is made, and hands on the vehicle chosen', async () => {
    const onPick = renderPicker();
    const use = screen.getByRole('button', { name: 'Use this vehicle' }) as HTMLButtonElement;
    for (const label of ['Make', 'Model', 'Engine']) expect(field(label).disabled).toBe(true);
    expect(use.disabled).toBe(true);

    await choose('Year', '2015');
    await choose('Make', 'Toyota');
    expect(field('Model').disabled).toBe(false);
    expect(field('Engine').disabled).toBe(true);
    await choose('Model', 'Corolla');
    expect(use.disabled).toBe(true);
    await choose('Engine', '1.8L 4-cyl 2ZR-FE');
    expect(calls).toContain('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla');

    await userEvent.click(use);
    expect(onPick).toHaveBeenCalledWith({
      vehicleId: COROLLA_18,
      year: 2015,
      name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE',
    });
  });

  it('starts the later choices again when an earlier one changes', async () => {
    renderPicker();
    await choose('Year', '2015');
    await choose('Make', 'Toyota');
    await choose('Model', 'Corolla');
    await userEvent.selectOptions(field('Make'), 'Honda');
    expect(field('Model').value).toBe('');
    expect(field('Engine').value).toBe('');
    expect(field('Engine').disabled).toBe(true);
  });

  it('fills the choices from a VIN, in the list’s spelling', async () => {
    const onPick = renderPicker();
    await userEvent.type(screen.getByLabelText('Or enter a VIN'), '2t1burhe9fc123456');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await screen.findByText(/Found: 2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE/);
    expect(field('Year').value).toBe('2015');
    expect(field('Make').value).toBe('Toyota');
    expect(field('Model').value).toBe('Corolla');
    await waitFor(() => expect(field('Engine').value).toBe(COROLLA_18));
    // The choice is whole: its button has the focus, and Enter uses it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Use this vehicle' }));
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({
      vehicleId: COROLLA_18,
      year: 2015,
      name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE',
    });
  });

  it('shows the server’s message for a bad VIN, and its own for a malformed one', async () => {
    renderPicker();
    const vin = screen.getByLabelText('Or enter a VIN');
    await userEvent.type(vin, '2T1BURHE5FC123456');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(/check digit .* should be 9/)).toBeTruthy();
    expect(vin.getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(vin);
    await userEvent.type(vin, 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(
      await screen.findByText('a VIN is 17 letters and digits, without I, O or Q'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('/api/vehicles/vin/'))).toHaveLength(1);
  });
});

describe('the compact picker of the home page', () => {
  it('has no VIN field of its own, and hands on at once the vehicle a searched VIN names', async () => {
    const { onPick, search } = renderCompact('2T1BURHE9FC123456');
    expect(screen.queryByLabelText('Or enter a VIN')).toBeNull();
    expect(calls.some((call) => call.startsWith('/api/vehicles/vin/'))).toBe(false);
    search();
    await waitFor(() =>
      expect(onPick).toHaveBeenCalledWith({
        vehicleId: COROLLA_18,
        year: 2015,
        name: '2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE',
      }),
    );
    expect(calls.filter((call) => call.startsWith('/api/vehicles/vin/'))).toEqual([
      '/api/vehicles/vin/2T1BURHE9FC123456',
    ]);
  });

  it('fills what a VIN tells and asks for the engine when it names none', async () => {
    const { onPick, search } = renderCompact('2T1BURHE3FC654321');
    search();
    expect(
      await screen.findByText('Found: 2015 Toyota Corolla. Choose its engine above.'),
    ).toBeTruthy();
    expect(field('Model').value).toBe('Corolla');
    expect(field('Engine').value).toBe('');
    expect(document.activeElement).toBe(field('Engine'));
    expect(onPick).not.toHaveBeenCalled();
    await choose('Engine', '2.0L 4-cyl');
    await userEvent.click(screen.getByRole('button', { name: 'Show parts' }));
    expect(onPick).toHaveBeenCalledWith({
      vehicleId: COROLLA_20,
      year: 2015,
      name: '2015 Toyota Corolla 2.0L 4-cyl',
    });
  });

  it('says what is wrong with a VIN the server refuses', async () => {
    const { onPick, search } = renderCompact('2T1BURHE5FC123456');
    search();
    expect((await screen.findByRole('alert')).textContent).toMatch(/check digit .* should be 9/);
    expect(onPick).not.toHaveBeenCalled();
  });
});
